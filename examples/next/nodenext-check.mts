// Type-checked with moduleResolution "nodenext" (tsconfig.nodenext.json): the packages'
// declarations must resolve there too, not only with a bundler's resolution.
import { type DoppelWidget, events, init } from '@doppel/embed';
import { DoppelEmbed, type DoppelEmbedProps, type DoppelOptions, useDoppel } from '@doppel/react';

const options: DoppelOptions = { clone: 'demo', name: 'Juniper Hale', launcher: false };
const props: DoppelEmbedProps = { ...options, mode: 'inline', autoHeight: true, className: 'chat' };
export const checks: [
  typeof DoppelEmbed,
  typeof useDoppel,
  (o: DoppelOptions) => DoppelWidget,
  number,
  string,
] = [DoppelEmbed, useDoppel, init, events.length, props.clone];
