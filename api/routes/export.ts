import { createRoute } from '@hono/zod-openapi';
import { successSchema } from '#shared/schemas/auth.js';
import {
  PdfExportLogRequestSchema,
  SendEmailRequestSchema,
  SendEmailResponseSchema,
  SendWhatsAppRequestSchema,
  SendWhatsAppResponseSchema,
} from '#shared/schemas/export.js';
import { requireUser } from '../http/auth.js';
import { clientAddress } from '../http/client-address.js';
import { errorResponse, json, jsonBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import type { Services } from '../services/index.js';

const refused = {
  400: errorResponse('Invalid input (phone, address, line breaks in a header); `error` says which'),
  401: errorResponse('Not authenticated'),
  502: errorResponse('WhatsApp or the mail server refused; `error` carries its reason'),
  503: errorResponse('Sending is not set up on this server'),
};

/** Spec section 7: POST /api/send-whatsapp and /api/send-email; beyond it, /api/exports/pdf for the audit log. */
export function exportRoutes(services: Services) {
  const router = createRouter();
  const origin = (c: Parameters<typeof clientAddress>[0]) => ({
    clientAddress: clientAddress(c, services.config),
  });
  router.use('/send-whatsapp', requireUser(services));
  router.use('/send-email', requireUser(services));
  router.use('/exports/*', requireUser(services));

  router.openapi(
    createRoute({
      method: 'post',
      path: '/send-whatsapp',
      summary: 'Send the consultation summary by WhatsApp',
      description:
        "Through the practice's WhatsApp Business Cloud API number when configured (mode 'cloud-api'); " +
        "otherwise answers a wa.me click-to-chat link for the vet to open and send (mode 'click-to-chat').",
      request: jsonBody(SendWhatsAppRequestSchema),
      responses: { 200: json(SendWhatsAppResponseSchema, 'Sent, or ready to send in WhatsApp'), ...refused },
    }),
    async (c) => c.json(await services.exports.sendWhatsApp(c.var.user, c.req.valid('json'), origin(c)), 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/send-email',
      summary: 'E-mail the consultation summary, with the SOAP notes as a PDF',
      description:
        "From the practice's own SMTP account when configured (Settings), else from the server's default account.",
      request: jsonBody(SendEmailRequestSchema),
      responses: {
        200: json(SendEmailResponseSchema, 'Accepted by the mail server'),
        ...refused,
        429: errorResponse("The hourly limit of e-mails through the server's own mail account; Retry-After"),
      },
    }),
    async (c) => c.json(await services.exports.sendEmail(c.var.user, c.req.valid('json'), origin(c)), 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/exports/pdf',
      summary: 'Record a PDF download (generated in the browser) in the audit log',
      request: jsonBody(PdfExportLogRequestSchema),
      responses: { 200: json(successSchema, 'Recorded'), 400: refused[400], 401: refused[401] },
    }),
    async (c) => {
      await services.exports.recordPdfDownload(c.var.user, c.req.valid('json').fileName, origin(c));
      return c.json({ success: true as const }, 200);
    },
  );

  return router;
}
