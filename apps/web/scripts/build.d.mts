// Types of build.mjs (plain JavaScript, run by npm before anything is compiled).
/** Where a finished production build keeps its stamp, inside the build's folder. */
export const stampPath: string;
export function replaceOnSuccess(
  outDir: string,
  build: (tempDir: string) => Promise<void>,
): Promise<void>;
