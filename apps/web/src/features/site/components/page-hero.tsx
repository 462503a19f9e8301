import type { ReactNode } from 'react';

interface Props {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  art?: ReactNode;
  actions?: ReactNode;
}

/** The gradient banner at the top of the public content pages. */
export function PageHero({ eyebrow, title, subtitle, art, actions }: Props) {
  return (
    <section className={`xr-site-hero${art ? ' has-art' : ''}`}>
      <div className="xr-site-hero__text">
        {eyebrow ? <div className="xr-eyebrow">{eyebrow}</div> : null}
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
        {actions ? <div className="xr-site-hero__actions">{actions}</div> : null}
      </div>
      {art ? <div className="xr-site-hero__art">{art}</div> : null}
    </section>
  );
}

/** A section heading with an optional lead paragraph. */
export function SectionHead({ title, lead, extra }: { title: string; lead?: string; extra?: ReactNode }) {
  return (
    <div className="xr-section-head">
      <div>
        <h2>{title}</h2>
        {lead ? <p>{lead}</p> : null}
      </div>
      {extra}
    </div>
  );
}
