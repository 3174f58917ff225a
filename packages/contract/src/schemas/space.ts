import { z } from 'zod';

// Space groups as the shell loads them on first entry: `GET /v3/space/group`.
// The spaces issue extends these shapes; the foundation only lists them.
export const spaceSummarySchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string(),
});
export type SpaceSummary = z.infer<typeof spaceSummarySchema>;

export const spaceGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  spaceList: z.array(spaceSummarySchema),
});
export type SpaceGroup = z.infer<typeof spaceGroupSchema>;
export const spaceGroupListSchema = z.array(spaceGroupSchema);
