import type { Lang } from './lang';

/**
 * Why a background job (an uploaded file's processing) failed: the only failure detail the API shows. The raw
 * error (exception text, file paths) stays in the server log. The asset pipeline's refusal reasons
 * (apps/server/src/lib/pipeline/errors.ts) are listed here too; a reason not listed is shown as `processing_failed`.
 */
export const JOB_FAILURE_REASONS = [
  'zip_bomb',
  'zip_escape',
  'zip_symlink',
  'too_many_pixels',
  'truncated',
  'unsupported_format',
  'max_unsupported',
  'invalid_model',
  'validation_failed',
  'out_of_memory',
  /** The uploaded original is no longer in the storage. */
  'original_missing',
  /** The server stopped during the job too many times (crashes): given up. */
  'interrupted',
  /** Anything else (a bug or an outage): try again later. */
  'processing_failed',
] as const;
export type JobFailureReason = (typeof JOB_FAILURE_REASONS)[number];

export const isJobFailureReason = (s: unknown): s is JobFailureReason =>
  typeof s === 'string' && (JOB_FAILURE_REASONS as readonly string[]).includes(s);

const messages: Record<JobFailureReason, Record<Lang, string>> = {
  zip_bomb: {
    zh: '压缩包解压后过大或文件过多，已拒绝处理',
    tc: '壓縮檔解壓後過大或檔案過多，已拒絕處理',
    en: 'The archive expands too much or holds too many files',
  },
  zip_escape: {
    zh: '压缩包中的文件路径指向包外，已拒绝处理',
    tc: '壓縮檔中的檔案路徑指向檔外，已拒絕處理',
    en: 'The archive refers to files outside itself',
  },
  zip_symlink: {
    zh: '压缩包中含有符号链接，已拒绝处理',
    tc: '壓縮檔中含有符號連結，已拒絕處理',
    en: 'The archive contains symbolic links',
  },
  too_many_pixels: {
    zh: '图片超过 4000 万像素',
    tc: '圖片超過 4000 萬像素',
    en: 'The image has more than 40 megapixels',
  },
  truncated: { zh: '文件不完整或已损坏', tc: '檔案不完整或已損壞', en: 'The file is incomplete or damaged' },
  unsupported_format: {
    zh: '不支持此文件格式，或文件无法读取',
    tc: '不支援此檔案格式，或檔案無法讀取',
    en: 'This file format is not supported, or the file cannot be read',
  },
  max_unsupported: {
    zh: '不支持 3ds Max 工程文件，请导出为 FBX、OBJ 或 glTF',
    tc: '不支援 3ds Max 專案檔，請匯出為 FBX、OBJ 或 glTF',
    en: '3ds Max scene files are not supported: export FBX, OBJ or glTF',
  },
  invalid_model: {
    zh: '模型文件无法读取或不含可显示的几何体',
    tc: '模型檔案無法讀取或不含可顯示的幾何體',
    en: 'The model cannot be read or contains no geometry to show',
  },
  validation_failed: {
    zh: '模型处理后未通过 glTF 校验',
    tc: '模型處理後未通過 glTF 校驗',
    en: 'The processed model did not pass glTF validation',
  },
  out_of_memory: {
    zh: '文件过于复杂，处理时超出内存上限',
    tc: '檔案過於複雜，處理時超出記憶體上限',
    en: 'The file is too complex to process within the memory limit',
  },
  original_missing: {
    zh: '上传的原始文件已不存在，请重新上传',
    tc: '上傳的原始檔案已不存在，請重新上傳',
    en: 'The uploaded file is gone, please upload it again',
  },
  interrupted: {
    zh: '处理多次被服务器重启中断，请重新上传',
    tc: '處理多次被伺服器重啟中斷，請重新上傳',
    en: 'Processing was interrupted by server restarts too often, please upload again',
  },
  processing_failed: {
    zh: '处理失败，请稍后重新上传',
    tc: '處理失敗，請稍後重新上傳',
    en: 'Processing failed, please upload the file again later',
  },
};

/** The translated message of a failure reason (an unknown reason reads as `processing_failed`). */
export function jobFailureMessage(reason: string, lang: Lang): string {
  return messages[isJobFailureReason(reason) ? reason : 'processing_failed'][lang];
}
