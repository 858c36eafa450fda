/** @module core/validation — validation of e-mail, codes, titles, feedback, social links. */

export { creatorToolsOffered } from './creator-tools-offered';
export { normaliseOtp, type OtpCheck } from './normalise-otp';
export { normaliseSocialUrl, type SocialLink } from './normalise-social-url';
export { type CreatorTextCheck, validateCreatorText } from './validate-creator-text';
export { type EmailCheck, type EmailRules, subaddressError, validateEmail } from './validate-email';
export { type FeedbackCheck, validateFeedback } from './validate-feedback';
export { type TitleCheck, validateTitle } from './validate-title';
