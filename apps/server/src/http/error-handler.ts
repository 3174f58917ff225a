// The single place where failures become the spec's envelope (spec §8, architecture §2).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorMessage, errorStatus, type Locale } from '@library/contract';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from './app-error.js';
import { requestLocale } from './locale.js';

/** what a 503 for an unreachable database asks the client to wait */
const databaseRetryAfterSeconds = 5;

function send(
  reply: FastifyReply,
  status: number,
  code: number,
  locale: Locale,
  detail?: string,
  data: unknown = null,
) {
  const base = errorMessage(code, locale);
  const msg = detail ? `${base}: ${detail}` : base;
  return reply.status(status).type('application/json; charset=utf-8').send({ code, data, msg });
}

interface ValidationIssue {
  field: string;
  message: string;
}

function validationIssues(error: FastifyError): ValidationIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: path || (error.validationContext ?? 'body'), message: item.message ?? '' };
  });
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    if (thrown instanceof AppError) {
      const error = thrown;
      if (error.options.headers) reply.headers(error.options.headers);
      return send(
        reply,
        error.options.status ?? errorStatus(error.code),
        error.code,
        locale,
        error.options.detail,
        error.options.data ?? null,
      );
    }
    const error = thrown as FastifyError;
    const issues = validationIssues(error);
    if (issues.length > 0) {
      const detail = issues.map((issue) => `${issue.field} ${issue.message}`).join('; ');
      return send(reply, 400, ErrorCode.paramError, locale, detail, { issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, ErrorCode.tooFrequent, locale);
    if (status === 413)
      return send(reply, 413, ErrorCode.paramError, locale, 'request body too large');
    if (status === 415 || status === 406) {
      // 406 is what the multipart parser answers for a body that is not multipart.
      return send(reply, 415, ErrorCode.notSupported, locale, 'unsupported media type');
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content length, and the like.
      return send(reply, status, ErrorCode.paramError, locale, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL stopped, restarting or out of connections: the same request may work shortly
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return send(reply, 503, ErrorCode.databaseBusy, locale);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, 500, ErrorCode.serverError, locale, `request id ${request.id}`);
  });
}
