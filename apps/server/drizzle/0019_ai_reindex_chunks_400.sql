-- Issue 19: chunks of about 400 characters instead of 200 (chunker.ts). No schema change: the
-- AI index of every space whose AI is on is rebuilt by its usual jobs after start-up, so every
-- page is cut again (a chunk's hash holds its text, so the old chunks are replaced; retrieval
-- keeps working meanwhile on old and new chunks alike).
INSERT INTO "jobs" ("kind", "payload", "key")
SELECT 'ai.reindex-space', jsonb_build_object('spaceId', "space_id"::text), "space_id"::text
FROM "space_ai" WHERE "enabled"
ON CONFLICT DO NOTHING;
