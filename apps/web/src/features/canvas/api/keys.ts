/** TanStack Query keys of the canvas workspace. */
export const canvasKeys = {
  all: ['canvas'] as const,
  lists: ['canvas', 'list'] as const,
  one: (id: string) => ['canvas', 'one', id] as const,
};
