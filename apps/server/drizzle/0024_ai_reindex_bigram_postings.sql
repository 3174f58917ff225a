-- Issue 19: CJK words are no longer posted beside their character bigrams (passage-terms.ts), a
-- quarter fewer postings. No schema change: the AI index of every space whose AI is on is rebuilt
-- by its usual jobs after start-up (the terms' format is in each chunk's hash, so every chunk is
-- replaced; meanwhile questions still find old chunks by the bigrams they hold too).
INSERT INTO "jobs" ("kind", "payload", "key")
SELECT 'ai.reindex-space', jsonb_build_object('spaceId', "space_id"::text), "space_id"::text
FROM "space_ai" WHERE "enabled"
ON CONFLICT DO NOTHING;
