export { internationalNumber, TEXT_COUNTRIES, type TextCountry, textCountry } from './text-countries';
export { canConfirmText, type TextFormState, textFormAddress } from './text-form';
export { type TextKeyword, textKeyword } from './text-keyword';
export { TEXT_REPLY_MAX, type TextReplySource, textReply } from './text-reply';
