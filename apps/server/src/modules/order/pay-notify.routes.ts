// The providers' asynchronous notifications: POST /api/v1/pay/notify/alipay (a form) and
// /api/v1/pay/notify/wechat (JSON). No token — the provider's signature over the exact bytes is
// the credential, so the body is read as text, verified, and only then parsed. A bad signature
// answers 601010 and changes nothing; a good one is answered as the provider expects ('success',
// or 204), however often it comes.
import { z } from 'zod';
import type { App } from '../../http/route-types.js';
import { receiveNotification, type OrderDeps } from './payment.service.js';

const tags = ['order'];
/** notifications are small; anything bigger is not one */
const bodyLimit = 64 * 1024;

export function registerPayNotifyRoutes(app: App, deps: OrderDeps) {
  void app.register(async (scope) => {
    // every body as the text it arrived as: the signature covers those bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of ['alipay', 'wechat'] as const) {
      scope.post(
        `/api/v1/pay/notify/${provider}`,
        {
          config: { auth: 'none', rateLimit: false },
          bodyLimit,
          schema: {
            tags,
            response: {
              200: {
                description: "Taken (Alipay's `success`)",
                content: { 'text/plain': { schema: z.string() } },
              },
              204: z.null().describe('Taken (WeChat Pay), no body'),
            },
          },
        },
        async (request, reply) => {
          const answer = await receiveNotification(deps, provider, {
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
          });
          reply.status(answer.status);
          if (answer.contentType) reply.type(answer.contentType);
          return reply.send(answer.body ?? undefined);
        },
      );
    }
  });
}
