/** Inline SVG artwork for the public pages (no external images). Decorative: hidden from assistive tech. */

export function HeroArt() {
  return (
    <svg viewBox="0 0 520 420" className="xr-art" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="xr-hero-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity=".95" />
          <stop offset="1" stopColor="#e0f2fe" stopOpacity=".9" />
        </linearGradient>
        <linearGradient id="xr-hero-b" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#38bdf8" />
        </linearGradient>
        <linearGradient id="xr-hero-c" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f0abfc" />
          <stop offset="1" stopColor="#818cf8" />
        </linearGradient>
        <radialGradient id="xr-hero-glow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#fff" stopOpacity=".45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="260" cy="210" r="200" fill="url(#xr-hero-glow)" />
      {/* the 360 sphere */}
      <g fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="1.5">
        <circle cx="260" cy="200" r="150" />
        <ellipse cx="260" cy="200" rx="150" ry="52" />
        <ellipse cx="260" cy="200" rx="150" ry="104" strokeOpacity=".3" />
        <ellipse cx="260" cy="200" rx="52" ry="150" />
        <ellipse cx="260" cy="200" rx="104" ry="150" strokeOpacity=".3" />
      </g>
      {/* headset */}
      <g transform="translate(150 150)">
        <rect x="0" y="20" width="220" height="100" rx="46" fill="url(#xr-hero-a)" />
        <rect x="18" y="36" width="184" height="68" rx="34" fill="url(#xr-hero-b)" />
        <path d="M92 104 q18 -22 36 0" fill="#fff" fillOpacity=".9" />
        <circle cx="66" cy="68" r="16" fill="#fff" fillOpacity=".85" />
        <circle cx="154" cy="68" r="16" fill="#fff" fillOpacity=".85" />
        <circle cx="66" cy="68" r="7" fill="#6d28d9" />
        <circle cx="154" cy="68" r="7" fill="#0ea5e9" />
        <rect x="-18" y="54" width="24" height="32" rx="10" fill="#fff" fillOpacity=".7" />
        <rect x="214" y="54" width="24" height="32" rx="10" fill="#fff" fillOpacity=".7" />
      </g>
      {/* floating panels: a photo, a model, a chat bubble */}
      <g transform="translate(40 60) rotate(-8)">
        <rect width="120" height="84" rx="14" fill="#fff" fillOpacity=".92" />
        <path d="M12 70 L44 38 L64 56 L82 40 L108 70 Z" fill="url(#xr-hero-b)" />
        <circle cx="88" cy="24" r="9" fill="#fbbf24" />
      </g>
      <g transform="translate(390 70) rotate(7)">
        <rect width="104" height="96" rx="14" fill="#fff" fillOpacity=".92" />
        <path d="M52 18 L82 34 L52 50 L22 34 Z" fill="#a78bfa" />
        <path d="M22 34 L52 50 L52 80 L22 64 Z" fill="#7c3aed" />
        <path d="M82 34 L52 50 L52 80 L82 64 Z" fill="#38bdf8" />
      </g>
      <g transform="translate(370 300)">
        <rect width="128" height="56" rx="16" fill="#fff" fillOpacity=".92" />
        <circle cx="26" cy="28" r="14" fill="url(#xr-hero-c)" />
        <rect x="48" y="18" width="62" height="8" rx="4" fill="#c4b5fd" />
        <rect x="48" y="32" width="44" height="8" rx="4" fill="#bae6fd" />
      </g>
      <g transform="translate(36 300)">
        <rect width="118" height="50" rx="25" fill="#fff" fillOpacity=".92" />
        <circle cx="25" cy="25" r="13" fill="#ef4444" />
        <circle cx="25" cy="25" r="5" fill="#fff" />
        <rect x="46" y="21" width="52" height="8" rx="4" fill="#fca5a5" />
      </g>
      {/* hotspot pins */}
      <g fill="#fff">
        <circle cx="190" cy="96" r="7" />
        <circle cx="190" cy="96" r="14" fillOpacity=".3" />
        <circle cx="352" cy="322" r="6" />
        <circle cx="352" cy="322" r="12" fillOpacity=".3" />
      </g>
    </svg>
  );
}

export function SpheresArt() {
  return (
    <svg viewBox="0 0 400 300" className="xr-art" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="xr-sph-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
        <linearGradient id="xr-sph-b" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#f472b6" />
          <stop offset="1" stopColor="#a78bfa" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="150" r="110" fill="url(#xr-sph-a)" />
      <g fill="none" stroke="#fff" strokeOpacity=".5">
        <ellipse cx="160" cy="150" rx="110" ry="38" />
        <ellipse cx="160" cy="150" rx="38" ry="110" />
      </g>
      <circle cx="300" cy="90" r="54" fill="url(#xr-sph-b)" />
      <circle cx="310" cy="230" r="30" fill="#38bdf8" fillOpacity=".8" />
      <path d="M150 110 L190 132 L150 154 L110 132 Z" fill="#fff" fillOpacity=".9" />
      <path d="M110 132 L150 154 L150 196 L110 174 Z" fill="#fff" fillOpacity=".6" />
      <path d="M190 132 L150 154 L150 196 L190 174 Z" fill="#fff" fillOpacity=".35" />
    </svg>
  );
}
