/**
 * @module embed-frame.js: the iframe side of every widget on the page, loaded by embed.js on
 * the first open. It hands `attach` to its own script element, where embed.js picks it up.
 */
import { attach } from './frame.js';

Object.assign(document.currentScript!, { doppel: attach });
