/** @module The Telegram provider. */
export {
  botApiTelegram,
  LOCAL_BOT_USERNAME,
  outboxTelegram,
  type TelegramBot,
  type TelegramChat,
  type TelegramConfig,
} from './telegram-bot';
export { type TelegramProviderConfig, telegramProvider } from './telegram-provider';
