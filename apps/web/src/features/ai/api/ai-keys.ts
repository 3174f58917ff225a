// Query keys of the AI feature. The space AI detail sits under the space's own key, so removing
// a deleted space's queries (['space', id]) drops it too.
export const aiKeys = {
  detail: (spaceId: string) => ['space', spaceId, 'ai'] as const,
};
