-- Issue 19, session 6: the chunker ends an English sentence at a full stop before a capital
-- (chunker.ts `sentences`), so English text is cut into chunks between sentences instead of
-- only between paragraphs and at commas. No schema change: the AI index of every space whose AI
-- is on is cut again by its usual jobs after start-up; a re-index keeps every chunk whose text is
-- unchanged (its hash), so only pages with English text longer than a chunk are written again.
INSERT INTO "jobs" ("kind", "payload", "key")
SELECT 'ai.reindex-space', jsonb_build_object('spaceId', "space_id"::text), "space_id"::text
FROM "space_ai" WHERE "enabled"
ON CONFLICT DO NOTHING;
