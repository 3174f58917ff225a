import type { FastifyRequest } from 'fastify';
import { resolveLocale, type Locale } from '@library/contract';

/** The caller's language: the `locale` header the web sends, else Accept-Language, else zh_CN. */
export function requestLocale(request: FastifyRequest): Locale {
  const explicit = request.headers.locale;
  return resolveLocale(
    typeof explicit === 'string' ? explicit : undefined,
    request.headers['accept-language'],
  );
}
