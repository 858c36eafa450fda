export { canConfirmText, type TextFormState, textFormAddress } from './can-confirm-text';
export { internationalNumber } from './international-number';
export { TEXT_COUNTRIES, type TextCountry, textCountry } from './text-country';
export { type TextKeyword, textKeyword } from './text-keyword';
export { TEXT_REPLY_MAX, type TextReplySource, textReply } from './text-reply';
