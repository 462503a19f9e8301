/**
 * antd's simple "empty" picture, the outline of an empty tray, in a module of its own: the market page's empty
 * state draws it without the rest of the lite components (it is part of the public pages' shared chunk).
 */
export function EmptyTray({ className }: { className?: string }) {
  return (
    <svg
      className={`xr-empty-tray${className ? ` ${className}` : ''}`}
      viewBox="0 0 64 41"
      width="64"
      height="41"
      aria-hidden="true"
    >
      <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f5f5f5" />
      <g fill="none" stroke="#d9d9d9">
        <path d="M55 12.8 44.9 1.3A2.5 2.5 0 0 0 43 .5H21a2.5 2.5 0 0 0-1.9.8L9 12.8V22h46z" />
        <path
          d="M41.6 15.9c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.6 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9z"
          fill="#fafafa"
        />
      </g>
    </svg>
  );
}
