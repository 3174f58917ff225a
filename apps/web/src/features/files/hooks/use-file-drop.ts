// Dropping files anywhere on the file library: only real files count (not text or links dragged
// from a page), and only when the user may upload. `dropping` is true while files are held over
// it (enter and leave come in pairs for each child element crossed, hence the depth).
import { useState, type DragEvent } from 'react';

/** Files of a drag: only real files (not text or links dragged from a page). */
function draggedFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function useFileDrop(canUpload: boolean, onFiles: (files: FileList) => void) {
  const [dragDepth, setDragDepth] = useState(0);
  return {
    dropping: dragDepth > 0,
    /** spread on the drop area */
    dropZone: {
      onDragEnter: (event: DragEvent) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      },
      onDragOver: (event: DragEvent) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: () => setDragDepth((depth) => Math.max(0, depth - 1)),
      onDrop: (event: DragEvent) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        setDragDepth(0);
        onFiles(event.dataTransfer.files);
      },
    },
  };
}
