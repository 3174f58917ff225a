// The HTTP ends of avatar images: reading the one image of a multipart upload, and sending a
// stored image back with the type its key names (through http/send-file.ts, as every file).
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadedFile } from '../../http/multipart.js';
import { binaryResponse } from '../../http/openapi.js';
import { sendFile } from '../../http/send-file.js';
import { avatarMaxBytes, contentTypeOfKey } from './avatar.store.js';

/** The documented answer of a route sending a stored image. */
export const imageResponse = binaryResponse('The image', [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/** The uploaded image's bytes, streamed; 100002 naming `file` when the request has none. */
export async function imageUpload(request: FastifyRequest): Promise<Readable> {
  // busboy's own limit sits above ours: the upload meter answers 700107 at 2 MB + 1 byte
  const { file } = await uploadedFile(request, 'file', { fileSize: avatarMaxBytes + 1 });
  return file;
}

/** A stored image; `cacheControl` says who may keep it (a new image gets a new key). */
export function sendImage(
  reply: FastifyReply,
  image: { key: string; bytes: Readable },
  cacheControl: string,
) {
  return sendFile(
    reply,
    { mimeType: contentTypeOfKey(image.key), body: image.bytes },
    { disposition: 'inline', cacheControl },
  );
}
