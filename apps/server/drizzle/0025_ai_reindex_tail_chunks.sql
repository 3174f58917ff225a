-- Issue 19, session 4: a section's short tail joins the chunk before it (chunker.ts). No schema
-- change: the AI index of every space whose AI is on is cut again by its usual jobs after
-- start-up; a re-index keeps every chunk whose text is unchanged (its hash), so only the pages
-- whose last chunk changes are written again (and embedded again, when a model is configured).
INSERT INTO "jobs" ("kind", "payload", "key")
SELECT 'ai.reindex-space', jsonb_build_object('spaceId', "space_id"::text), "space_id"::text
FROM "space_ai" WHERE "enabled"
ON CONFLICT DO NOTHING;
