import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import type { ModelReport } from '../api/types';
import { ModelReportView } from './model-report';

const base: ModelReport = {
  triangles: 1200,
  meshes: 2,
  materials: 1,
  textures: 0,
  bytes_before: 1000,
  bytes_after: 800,
  warnings: [],
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('model report', () => {
  it('shows the source’s up axis and the unit conversion the pipeline applied', () => {
    render(<ModelReportView report={{ ...base, up_axis: 'z', unit_scale: 0.01 }} />);
    expect(screen.getByText('Source up axis')).toBeTruthy();
    expect(screen.getByText('Z, turned to Y-up')).toBeTruthy();
    expect(screen.getByText('Scale to metres')).toBeTruthy();
    expect(screen.getByText('×0.01')).toBeTruthy();
  });

  it('says a glTF in metres was left as it is, and shows nothing for reports without a frame', async () => {
    const { unmount } = render(<ModelReportView report={{ ...base, up_axis: 'y', unit_scale: 1 }} />);
    expect(screen.getByText('None (already in metres)')).toBeTruthy();
    unmount();
    render(<ModelReportView report={base} />);
    expect(screen.queryByText('Source up axis')).toBeNull();
    await i18n.changeLanguage('zh');
    render(<ModelReportView report={{ ...base, up_axis: 'z', unit_scale: 0.1 }} />);
    expect(screen.getByText('Z，已转为 Y 轴朝上')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
