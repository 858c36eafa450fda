import { type Citation, CREATOR_ANSWER_TITLE } from '@doppel/protocol';
import type { ComponentType } from 'react';
import {
  AudioIcon,
  CreatorIcon,
  DocumentIcon,
  FacebookIcon,
  FileIcon,
  FilmIcon,
  GlobeIcon,
  InstagramIcon,
  LinkedinIcon,
  PodcastIcon,
  XIcon,
  YoutubeIcon,
} from '../components/icons';

const ICONS: Record<string, ComponentType<{ className?: string }>> = {
  youtube: YoutubeIcon,
  podcast: PodcastIcon,
  website: GlobeIcon,
  file: FileIcon,
  twitter: XIcon,
  facebook: FacebookIcon,
  linkedin: LinkedinIcon,
  instagram: InstagramIcon,
  video_file: FilmIcon,
  audio_file: AudioIcon,
};

const LABELS: Record<string, string> = {
  youtube: 'YouTube video',
  podcast: 'Podcast',
  website: 'Website',
  file: 'File',
  twitter: 'Post on X',
  facebook: 'Facebook post',
  linkedin: 'LinkedIn post',
  instagram: 'Instagram post',
  video_file: 'Video',
  audio_file: 'Audio',
};

/** Whether the citation is the creator's own private answer (spec/chat.md §3). */
export const isCreatorAnswer = (citation: Pick<Citation, 'title'>): boolean =>
  citation.title === CREATOR_ANSWER_TITLE;

/** A readable name of the source type. */
export function citationTypeLabel(citation: Pick<Citation, 'type' | 'title'>): string {
  if (isCreatorAnswer(citation)) return 'Answer from the creator';
  return LABELS[citation.type] ?? 'Source';
}

/** The icon of a source type; the creator's answer has its own; an unknown type gets a generic document. */
export function CitationIcon({ citation }: { citation: Pick<Citation, 'type' | 'title'> }) {
  const Icon = isCreatorAnswer(citation) ? CreatorIcon : (ICONS[citation.type] ?? DocumentIcon);
  return (
    <span className={`citation-icon citation-icon-${isCreatorAnswer(citation) ? 'creator' : citation.type}`}>
      <Icon />
    </span>
  );
}
