import { formatBytes } from '@xr/contract/format';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModelReport } from '../api/types';

/** The pipeline's report on a 3D model: counts, bytes before / after and warnings. */
export function ModelReportView({ report }: { report: ModelReport }) {
  const { t } = useTranslation('projects');
  const saved = report.bytes_before > 0 ? Math.round((1 - report.bytes_after / report.bytes_before) * 100) : 0;
  return (
    <div className="xr-report">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'tri', label: t('report.triangles'), children: report.triangles.toLocaleString() },
          { key: 'mesh', label: t('report.meshes'), children: report.meshes },
          { key: 'mat', label: t('report.materials'), children: report.materials },
          { key: 'tex', label: t('report.textures'), children: report.textures },
          { key: 'before', label: t('report.bytesBefore'), children: formatBytes(report.bytes_before) },
          {
            key: 'after',
            label: t('report.bytesAfter'),
            // Tiny models can grow (the optimized GLB carries its own headers): only a saving is worth a note.
            children:
              saved > 0
                ? `${formatBytes(report.bytes_after)} (${t('report.saved', { percent: saved })})`
                : formatBytes(report.bytes_after),
          },
          ...(report.up_axis
            ? [
                {
                  key: 'up',
                  label: t('report.upAxis'),
                  children: report.up_axis === 'y' ? 'Y' : t('report.upAxisTurned', { axis: report.up_axis.toUpperCase() }),
                },
              ]
            : []),
          ...(report.unit_scale !== undefined
            ? [
                {
                  key: 'unit',
                  label: t('report.unitScale'),
                  children:
                    report.unit_scale === 1
                      ? t('report.unitScaleNone')
                      : t('report.unitScaleApplied', { factor: Number(report.unit_scale.toPrecision(4)) }),
                },
              ]
            : []),
        ]}
      />
      {report.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('report.warnings')}
          description={
            <ul className="xr-report__warnings">
              {report.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}
