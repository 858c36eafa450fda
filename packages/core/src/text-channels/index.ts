export { internationalNumber, TEXT_COUNTRIES, type TextCountry, textCountry } from './text-countries';
export { type TextKeyword, textKeyword } from './text-keyword';
export { TEXT_REPLY_MAX, type TextReplySource, textReply } from './text-reply';
