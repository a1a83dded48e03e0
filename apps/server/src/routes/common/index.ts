import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { api, normalizeLang, uploadFormSchema, type UploadKind } from '@lucky28/shared';
import { AppError, unauthorized } from '../../errors.js';
import { tokenOf } from '../../plugins/auth.js';
import { asGuard } from '../../http/guards.js';
import { serve } from '../../http/serve.js';
import { parseValue } from '../../http/input.js';
import { readFileOr404, sendImage, serveToOperator } from '../../http/files.js';
import { isOperatorToken } from '../../domain/operators/sessions.js';
import { MAX_UPLOAD_BYTES, findUploadByName, isUploadKind, sniffImage, storeUpload, uploadUrl } from '../../domain/wallet/uploads.js';

interface ReceivedForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; truncated: boolean };
}

/**
 * Reads a multipart form: its text fields and the first file part (only the first chosen file is
 * used, docs/product.md#states-and-transitions). A file is read up to the 5 MB limit; beyond it the part is marked truncated. A
 * form that cannot be read (no boundary, no closing boundary, too many parts) is refused.
 */
export async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {} };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (form.file) {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        form.file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    request.log.info({ err }, 'unreadable multipart form');
    throw new AppError('err.upload_malformed', { field: 'file' });
  }
  // Messages follow the form's own `lang` field (the body of a multipart request is not parsed as JSON).
  if (form.fields.lang) {
    request.lang = normalizeLang(form.fields.lang);
    request.body = { lang: form.fields.lang };
  }
  return form;
}

/** In the order of docs/product.md#validation-rules: no file → "please select an image"; not an image by content → "select an image"; > 5 MB → size message. */
export function checkedImage(form: ReceivedForm): { bytes: Buffer; mime: string } {
  if (!form.file || (form.file.bytes.length === 0 && !form.file.truncated)) throw new AppError('err.image_required', { field: 'file' });
  const mime = sniffImage(form.file.bytes);
  if (!mime) throw new AppError('err.image_type', { field: 'file' });
  if (form.file.truncated || form.file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('err.image_too_large', { field: 'file' });
  return { bytes: form.file.bytes, mime };
}

/**
 * Private uploads (docs/design.md#security): common.upload (type recharge_screenshot or idcard), the deposit
 * screenshot's own call common.uploadRechargeScreenshot, and common.file to read one back — by its
 * owner's token, or an operator's whose role covers the kind of file (every such view audited).
 */
export default async function commonRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 10, fieldSize: 1000, parts: 14 },
  });

  const upload = async (request: FastifyRequest, reply: FastifyReply, fixedKind?: UploadKind) => {
    const form = await receiveForm(request);
    // The form's `type` field, else the query's (already checked by the route's schema).
    const fields = parseValue(uploadFormSchema, form.fields, 'type');
    const kind = fixedKind ?? fields.type ?? (request.body as { type?: string }).type;
    if (!isUploadKind(kind)) throw new AppError('err.upload_type_invalid', { field: 'type' });
    const image = checkedImage(form);
    const row = await storeUpload(app.db, {
      dataDir: app.config.dataDir,
      userId: request.user!.userId,
      kind,
      bytes: image.bytes,
      mime: image.mime,
      now: app.clock.now(),
    });
    return reply.ok({ url: uploadUrl(row.name), name: row.name, type: kind, mime: row.mime, size: row.size }, 'msg.upload_success');
  };

  // The file arrives as a multipart stream, read by the handler; `type` may also come in the query.
  const uploadOptions = { config: { rateLimit: app.rateLimits.upload } };
  serve(app, api.common.upload, uploadOptions, (request, reply) => upload(request, reply));
  serve(app, api.common.uploadRechargeScreenshot, uploadOptions, (request, reply) => upload(request, reply, 'recharge_screenshot'));

  /**
   * The owner (a player token) or an operator (their own token, held to the console's guard: a
   * session still enrolling TOTP is refused like on every console call); anyone else is 401.
   */
  const operatorViewer = app.requireOperator('finance', 'support');
  const fileViewer = asGuard('user', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    if (isOperatorToken(token)) return operatorViewer(request);
    if (!(await app.optionalUser(request))) throw unauthorized();
  });

  serve(app, api.common.file, { guard: fileViewer }, async (request, reply) => {
    if (request.operator) return serveToOperator(app, request, reply, request.params.name);
    const row = await findUploadByName(app.db, request.params.name);
    // Someone else's file answers exactly like a missing one.
    if (!row || row.userId !== request.user!.userId) throw new AppError('err.not_found', { httpStatus: 404 });
    return sendImage(reply, row.name, row.mime, await readFileOr404(app, row.name));
  });
}
