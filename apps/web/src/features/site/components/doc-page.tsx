import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHero } from './page-hero';
import { Prose, useLines } from './prose';

/**
 * A long document page (policy, user terms): a hero, a section index and the sections. `?section=<key>` scrolls
 * to a section, so the footer and the register form can link straight to e.g. the refund policy.
 */
export function DocPage({ prefix, sections }: { prefix: string; sections: readonly string[] }) {
  const { t } = useTranslation('site-pages');
  const lines = useLines('site-pages');
  const [params] = useSearchParams();
  const wanted = params.get('section');
  const [active, setActive] = useState(wanted && sections.includes(wanted) ? wanted : sections[0]);

  useEffect(() => {
    if (wanted && sections.includes(wanted)) {
      setActive(wanted);
      document.getElementById(`doc-${wanted}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  }, [wanted, sections]);

  const go = (key: string) => {
    setActive(key);
    document.getElementById(`doc-${key}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="xr-site">
      <PageHero eyebrow={t(`${prefix}.eyebrow`)} title={t(`${prefix}.title`)} subtitle={t(`${prefix}.subtitle`)} />
      <div className="xr-doc">
        <nav className="xr-doc__nav" aria-label={t(`${prefix}.title`)}>
          {sections.map((s) => (
            <a
              key={s}
              href={`#doc-${s}`}
              className={active === s ? 'is-active' : undefined}
              onClick={(e) => {
                e.preventDefault();
                go(s);
              }}
            >
              {t(`${prefix}.sections.${s}.title`)}
            </a>
          ))}
        </nav>
        <div className="xr-doc__body">
          {sections.map((s) => (
            <section key={s} id={`doc-${s}`} className="xr-card-block xr-prose">
              <h2>{t(`${prefix}.sections.${s}.title`)}</h2>
              <Prose lines={lines(`${prefix}.sections.${s}.body`)} />
            </section>
          ))}
          <p className="xr-doc__updated">{t(`${prefix}.note`)}</p>
        </div>
      </div>
    </div>
  );
}
