import { useState } from 'react';

interface AvatarProps {
  name: string;
  imageUrl: string | null | undefined;
  size?: number;
  className?: string;
}

/** The clone's picture (a `/api/media/…` path or an absolute URL), or its initials when it has none or it fails. */
export function Avatar({ name, imageUrl, size = 32, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.38)) };
  const classes = className ? `avatar ${className}` : 'avatar';
  if (!imageUrl || failed) {
    return (
      <span className={classes} style={style} aria-hidden="true">
        {initials || '?'}
      </span>
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
