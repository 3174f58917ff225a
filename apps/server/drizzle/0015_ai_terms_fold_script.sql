-- Issue 19: the AI index's terms are folded to one script (tokenizer.ts termFormat 2), and a
-- chunk's hash carries the term format; re-indexing every space whose AI is on replaces the
-- chunks indexed under the old terms (the re-index runs as jobs after start-up, one per page).
INSERT INTO "jobs" ("kind", "payload", "key")
SELECT 'ai.reindex-space', jsonb_build_object('spaceId', "space_id"::text), "space_id"::text
FROM "space_ai" WHERE "enabled"
ON CONFLICT DO NOTHING;
