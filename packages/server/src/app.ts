/** @module The HTTP application: the API under /api, then the app and the embed loader. */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cachedAuthSecret } from './auth/auth-secret';
import { secureCookies } from './auth/session-cookie';
import { botCheck } from './bot-check/bot-check';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { apiError } from './http/api-error';
import { BodyAbortedError } from './http/body-aborted-error';
import { createLogger, describeError, type Logger } from './logger';
import { cleanAddress } from './middleware/clean-address';
import { identity } from './middleware/identity';
import { requestPriority } from './middleware/request-priority';
import { sameOriginWrites } from './middleware/same-origin-writes';
import { securityHeaders } from './middleware/security-headers';
import { gladiaProvider } from './providers/gladia';
import { googleProvider } from './providers/google';
import { type Mailer, mailerProvider } from './providers/mailer';
import { type SmsSender, smsProvider } from './providers/sms';
import { speechProvider } from './providers/speech';
import { storageProvider } from './providers/storage';
import { type StripePayments, stripeProvider } from './providers/stripe';
import { tavusProvider } from './providers/tavus';
import { type TelegramBot, telegramProvider } from './providers/telegram';
import { type Tts, ttsProvider } from './providers/tts';
import { vapiProvider } from './providers/vapi';
import { videoProvider } from './providers/video';
import { affiliateRoutes } from './routes/affiliates';
import { authRoutes } from './routes/auth';
import { botCheckRoutes } from './routes/bot-check';
import { callRoutes } from './routes/calls';
import { cloneRoutes } from './routes/clones';
import { conversationRoutes } from './routes/conversations';
import { creatorToolRoutes } from './routes/creator-tools';
import { devOutboxRoutes } from './routes/dev-outbox';
import { dictationRoutes } from './routes/dictation';
import { dictationSessionRoutes } from './routes/dictation-sessions';
import { embedConfigRoutes } from './routes/embed-configs';
import { embedPageRoutes } from './routes/embed-page';
import { feedbackRoutes } from './routes/feedback';
import { googleSignInRoutes } from './routes/google-sign-in';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { messageDebugRoutes } from './routes/message-debug';
import { messageRoutes } from './routes/messages';
import { ogRoutes } from './routes/og';
import { openaiRoutes } from './routes/openai';
import { phoneRoutes } from './routes/phone';
import { reactionRoutes } from './routes/reactions';
import { savedMessageRoutes } from './routes/saved-messages';
import { shareRoutes } from './routes/shares';
import { staticRoutes } from './routes/static-files';
import { stopAnswerRoutes } from './routes/stop-answer';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { studioRoutes } from './routes/studio';
import { subscriptionRoutes } from './routes/subscriptions';
import { tavusWebhookRoutes } from './routes/tavus-webhooks';
import { textChannelRoutes } from './routes/text-channels';
import { textWebhookRoutes } from './routes/text-webhooks';
import { ttsRoutes } from './routes/tts';
import { uploadPartRoutes } from './routes/upload-parts';
import { uploadRoutes } from './routes/uploads';
import { usageRoutes } from './routes/usage';
import { vapiWebhookRoutes } from './routes/vapi-webhook';
import { videoCallRoutes } from './routes/video-calls';
import { voiceFailureRoutes } from './routes/voice-failures';

export interface CreateAppOptions {
  db: Db;
  brain: Brain;
  config: Config;
  logger?: Logger;
  /** Default: the system clock (tests inject one to expire codes). */
  clock?: Clock;
  /** Default: SMTP with SMTP_URL, else the local outbox. */
  mailer?: Mailer;
  /** Default: the local outbox. */
  sms?: SmsSender;
  /** Default: the Telegram provider of the config (the Bot API, or the local outbox). */
  telegram?: TelegramBot;
  /** Default: the TTS provider of the config (espeak-ng, or a keyed service). */
  tts?: Tts;
  /** Default: Stripe when the config has its keys, else none. */
  payments?: StripePayments | null;
}

/** The providers and shared pieces every route module is built from. */
export function createDeps(options: CreateAppOptions): AppDeps {
  const { db, config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const authSecret = cachedAuthSecret(db, config.auth.secret);
  const clock = options.clock ?? systemClock;
  const uploads = storageProvider.create(config.storage, { authSecret, dataDir: config.dataDir });
  return {
    db,
    brain: options.brain,
    config,
    logger,
    clock,
    mailer: options.mailer ?? mailerProvider.create(config.mail, { db, logger }),
    sms: options.sms ?? smsProvider.create(config.sms, { db, logger }),
    telegram: options.telegram ?? telegramProvider.create(config.telegram, { db, logger }),
    tts: options.tts ?? ttsProvider.create(config.tts, {}),
    storage: uploads.storage,
    localStorage: uploads.local,
    google: googleProvider.create(config.google, {}),
    recogniser: speechProvider.create(config.speech, {}),
    liveTranscription: gladiaProvider.create(config.gladia, {}),
    vapi: vapiProvider.create(config.vapi, {}),
    // Tavus over Daily when configured; the local video call otherwise.
    video:
      tavusProvider.create(config.tavus, { db, authSecret, storage: config.storage }) ??
      videoProvider.create(config.video, { db, clock }),
    payments: options.payments !== undefined ? options.payments : stripeProvider.create(config.stripe, {}),
    botCheck: botCheck({ db, secret: authSecret, now: clock.now, maxNumber: config.botCheck.maxNumber }),
    authSecret,
  };
}

/** Builds the application; serving it (node:http, tests' `app.request`) is the caller's part. */
export function createApp(options: CreateAppOptions): Hono {
  return appFromDeps(createDeps(options));
}

/** The application over deps already made (main.ts shares them with the voice socket). */
export function appFromDeps(deps: AppDeps): Hono {
  const who = identity({
    db: deps.db,
    clock: deps.clock,
    authSecret: deps.authSecret,
    secureCookies: secureCookies(deps.config.publicUrl),
  });
  // Routes without a visitor or session first (health checks, cacheable media, the
  // server-to-server OpenAI endpoint, the text providers' webhooks); every route after `who`
  // knows who is asking.
  // JSON (and stored SVGs) gzipped when the browser takes it; answer streams are left alone
  // (compress skips text/event-stream).
  const api = new Hono()
    .use('*', requestPriority)
    .use('*', compress())
    .route('/', healthRoutes(deps))
    .route('/', mediaRoutes(deps))
    .route('/', openaiRoutes(deps))
    .route('/', devOutboxRoutes(deps))
    .route('/', textWebhookRoutes(deps))
    .route('/', vapiWebhookRoutes(deps))
    .route('/', tavusWebhookRoutes(deps))
    .route('/', stripeWebhookRoutes(deps))
    .route('/', embedConfigRoutes(deps))
    .route('/', uploadPartRoutes(deps))
    .use('*', who)
    .use('*', sameOriginWrites({ publicUrl: deps.config.publicUrl }))
    .route('/', authRoutes(deps))
    .route('/', googleSignInRoutes(deps))
    .route('/', botCheckRoutes(deps))
    .route('/', phoneRoutes(deps))
    .route('/', textChannelRoutes(deps))
    .route('/', cloneRoutes(deps))
    .route('/', usageRoutes(deps))
    .route('/', subscriptionRoutes(deps))
    .route('/', conversationRoutes(deps))
    .route('/', messageRoutes(deps))
    .route('/', reactionRoutes(deps))
    .route('/', savedMessageRoutes(deps))
    .route('/', shareRoutes(deps))
    .route('/', affiliateRoutes(deps))
    .route('/', ogRoutes(deps))
    .route('/', creatorToolRoutes(deps))
    .route('/', studioRoutes(deps))
    .route('/', messageDebugRoutes(deps))
    .route('/', stopAnswerRoutes(deps))
    .route('/', feedbackRoutes(deps))
    .route('/', ttsRoutes(deps))
    .route('/', dictationRoutes(deps))
    .route('/', dictationSessionRoutes(deps))
    .route('/', callRoutes(deps))
    .route('/', videoCallRoutes(deps))
    .route('/', voiceFailureRoutes(deps))
    .route('/', uploadRoutes(deps))
    .all('*', (c) => apiError(c, 404, 'Not found'));

  const app = new Hono();
  app.use('*', securityHeaders());
  app.use('*', cleanAddress());
  app.route('/api', api);
  app.use('/embed/*', compress());
  app.route('/', embedPageRoutes(deps));
  app.route('/', staticRoutes(deps, who));
  app.onError((error, c) => {
    if (error instanceof BodyAbortedError) {
      // A client that hung up mid-upload (or was cut for sending too slowly) is routine.
      deps.logger.info(
        `${c.req.method} ${c.req.path}: the request body broke off (${describeError(error.cause)})`,
      );
      return apiError(c, 400, error.message);
    }
    deps.logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return apiError(c, 500, 'Internal server error');
  });
  return app;
}
