/**
 * Housekeeping on a timer, started when the app is ready and stopped before it closes: private
 * uploads and content images nobody refers to a day after their upload, and the article-view records
 * of past days, guests idle for 30 days, and room chat messages older than CHAT_RETENTION_DAYS. Every node runs it; each step is idempotent and safe to run
 * on several nodes at once (see the domain functions), so no node needs to be elected: the guests'
 * step and the referral commissions of each closed operator-day (domain/referral/commission.ts) are done by whichever node takes its advisory lock first, the others skip it. Files in DATA_DIR are only ever deleted
 * with their row: the folder may be shared, or (in tests) another database's, so a file this database
 * does not know is left alone.
 */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { pruneUnreferencedUploads, type PrunedUpload } from '../domain/wallet/uploads.js';
import { pruneUnreferencedContentImages } from '../domain/content/images.js';
import { pruneArticleViews } from '../domain/content/articles.js';
import { zonedDate } from '../domain/time.js';
import { deleteIdleGuests } from '../domain/accounts/guests.js';
import { runDueDays } from '../domain/referral/commission.js';
import { pruneChatMessages } from '../domain/chat/messages.js';
import { CHAT_RETENTION_DAYS_DEFAULT } from '../config.js';
import { closeExpiredPackets } from '../domain/promotions/expiry.js';
import type { ChatLine } from '../domain/chat/messages.js';

export interface PruneReport {
  uploads: PrunedUpload[];
  contentImages: string[];
  articleViews: number;
  /** Idle guests deleted (0 when another node ran the step). */
  guests: number;
  /** Operator-days whose referral commissions this pass computed (another node may have done others). */
  referralDays: string[];
  /** Chat messages deleted for being older than the retention. */
  chatMessages: number;
  /** Red packets closed past their window, their rest returned to the budget (docs/red-packets.md). */
  redPackets: { id: number; returned: number }[];
}

/** One pass of every pruning step; a failing step is logged and the others still run. */
export async function pruneOnce(deps: {
  db: Db;
  dataDir: string;
  now: number;
  timeZone: string;
  log: FastifyBaseLogger;
  /** CHAT_RETENTION_DAYS (default CHAT_RETENTION_DAYS_DEFAULT). */
  chatRetentionDays?: number;
  /** A system post written by a step (a red packet's close), for the room's live streams. */
  onChatPosted?: (line: ChatLine) => void;
}): Promise<PruneReport> {
  const report: PruneReport = { uploads: [], contentImages: [], articleViews: 0, guests: 0, referralDays: [], chatMessages: 0, redPackets: [] };
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      // A request that took an upload between the check and the delete makes the foreign key refuse
      // the batch: nothing is lost, the next run sees the request.
      deps.log.warn({ err, step: name }, 'pruning step failed');
    }
  };
  await step('uploads', async () => {
    report.uploads = await pruneUnreferencedUploads(deps.db, { dataDir: deps.dataDir, now: deps.now });
  });
  await step('content_images', async () => {
    report.contentImages = await pruneUnreferencedContentImages(deps.db, { now: deps.now });
  });
  await step('article_views', async () => {
    report.articleViews = await pruneArticleViews(deps.db, zonedDate(deps.now, deps.timeZone));
  });
  await step('guests', async () => {
    report.guests = (await deleteIdleGuests(deps.db, deps.now)) ?? 0;
  });
  await step('chat_messages', async () => {
    report.chatMessages = await pruneChatMessages(deps.db, { now: deps.now, retentionDays: deps.chatRetentionDays ?? CHAT_RETENTION_DAYS_DEFAULT });
  });
  await step('referral_commissions', async () => {
    report.referralDays = (await runDueDays(deps.db, { now: deps.now, timeZone: deps.timeZone })).filter((d) => d.computed).map((d) => d.day);
  });
  await step('red_packets', async () => {
    const done = await closeExpiredPackets(deps.db, deps.now);
    report.redPackets = done.closed;
    for (const line of done.lines) deps.onChatPosted?.(line);
  });
  if (report.redPackets.length) deps.log.info({ packets: report.redPackets }, 'expired red packets closed, their rest returned to the budget');
  if (report.referralDays.length) deps.log.info({ days: report.referralDays }, 'referral commissions computed and paid');
  const { uploads, contentImages, articleViews, guests, chatMessages } = report;
  if (uploads.length || contentImages.length || articleViews || guests || chatMessages) {
    deps.log.info(
      {
        pruned: {
          uploads: uploads.length,
          // The log keeps the first 20 entries of a list (logging.ts); the counts are whole.
          upload_list: uploads.map((u) => ({ id: u.id, kind: u.kind, user_id: u.userId })),
          content_images: contentImages.length,
          content_image_list: contentImages,
          article_view_records: articleViews,
          idle_guests: guests,
          chat_messages: chatMessages,
        },
      },
      'pruned unreferenced uploads and past view records',
    );
  }
  return report;
}

/** How long after a node starts serving its first housekeeping run waits. */
const FIRST_RUN_AFTER_LISTEN_MS = 10_000;

/** Runs pruneOnce soon after the node serves and every `intervalMs`; one run at a time per node, awaited on close. */
export const housekeepingPlugin = fp<{ intervalMs: number }>(async (app, opts) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = pruneOnce({
      db: app.db,
      dataDir: app.config.dataDir,
      now: app.clock.now(),
      timeZone: app.config.timeZone,
      log: app.log,
      chatRetentionDays: app.config.chatRetentionDays,
      onChatPosted: (line) => app.chatRelay.posted(line),
    })
      .catch((err) => app.log.warn({ err }, 'pruning failed'))
      .finally(() => (running = undefined));
  };
  let firstRun: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  // The first run waits until the node serves and a little more: on the embedded database its
  // queries would queue in front of the start's own and hold back /readyz.
  app.addHook('onListen', async () => {
    firstRun = setTimeout(tick, FIRST_RUN_AFTER_LISTEN_MS);
    firstRun.unref();
  });
  app.addHook('preClose', async () => {
    clearTimeout(firstRun);
    clearInterval(timer);
    await running;
  });
});
