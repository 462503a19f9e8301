import type { DocumentKind } from '@xr/contract/scenes';
import type { ShareStartScene } from '@xr/contract/share';
import { isMarketVisible, type ProjectsService } from '../projects/projects.service';
import type { ScenesService } from '../projects/scenes.service';

/** What a share link and an embed need of a public project; absolute URLs are the caller's (it knows the origin). */
export interface ShareCard {
  id: number;
  name: string;
  description: string;
  /** The stored cover (a path on this site, or an absolute URL). */
  cover: string;
  kind: DocumentKind;
  scenes: ShareStartScene[];
}

/**
 * Share links and embeds: only a project anyone may open without signing in (approved, public, anonymous preview
 * on) with a published tour or 3D scene has a card. Any other project, private or paid-only, answers null, the
 * same as one that does not exist, so a link never tells its name.
 */
export function createShareService({ projects, scenes }: { projects: ProjectsService; scenes: ScenesService }) {
  return {
    async card(id: number): Promise<ShareCard | null> {
      const p = await projects.byId(id);
      if (!p || !isMarketVisible(p) || !p.anonymousPreview) return null;
      const published = await scenes.contentScene(null, p);
      if (!published) return null;
      let startScenes: ShareStartScene[] = [];
      if (published.kind === 'tour') {
        const details = await scenes.details(null, { id }).catch(() => null);
        if (!details) return null;
        const doc = details.document as { scenes?: { id: string; name?: ShareStartScene['name'] }[] };
        startScenes = (doc.scenes ?? []).map((s) => ({ id: s.id, name: s.name ?? {} }));
      }
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        cover: p.cover,
        kind: published.kind,
        scenes: startScenes,
      };
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
