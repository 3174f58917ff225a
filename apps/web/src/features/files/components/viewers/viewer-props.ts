import type { SpaceFile } from '@library/contract';

/** What every viewer gets: the file and its signed, root-relative preview URL. */
export interface ViewerProps {
  file: SpaceFile;
  url: string;
}
