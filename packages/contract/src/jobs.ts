import { AVATAR_BUDGET } from './avatars';
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
  /** The file is not a readable model of its format (corrupt, or a variant the readers do not know). */
  'invalid_model',
  /** The model was read but holds no triangles (only lines, points, cameras or lights). */
  'no_geometry',
  /** A zip holds no model file of a known format. */
  'no_model_in_archive',
  /**
   * A model references files that are not in the upload (a .gltf without its .bin): the message names them, as the
   * model references them (the job's `files`), and says how to add them.
   */
  'missing_files',
  'validation_failed',
  /** The step needed more memory than a pipeline worker may use (PIPELINE_WORKER_MEMORY_MB). */
  'out_of_memory',
  /** The uploaded original is no longer in the storage. */
  'original_missing',
  /** The server stopped during the job too many times (crashes): given up. */
  'interrupted',
  /** Anything else (a bug or an outage): try again later. */
  'processing_failed',
  /** Avatar budget (contract avatars.ts AVATAR_BUDGET): more triangles than a room can draw for one person. */
  'avatar_too_many_triangles',
  /** Avatar budget: more textures than allowed. */
  'avatar_too_many_textures',
  /** Avatar budget: a texture larger than allowed. */
  'avatar_texture_too_large',
  /** Avatar budget: more bones (skin joints) than allowed. */
  'avatar_too_many_bones',
] as const;
export type JobFailureReason = (typeof JOB_FAILURE_REASONS)[number];

export const isJobFailureReason = (s: unknown): s is JobFailureReason =>
  typeof s === 'string' && (JOB_FAILURE_REASONS as readonly string[]).includes(s);

const messages: Record<JobFailureReason, Record<Lang, string>> = {
  zip_bomb: {
    zh: '压缩包解压后过大或压缩比异常，已拒绝',
    tc: '壓縮檔解壓後過大或壓縮比異常，已拒絕',
    en: 'The archive expands to too much data or has a suspicious compression ratio',
  },
  zip_escape: {
    zh: '文件引用了上传内容以外的路径，已拒绝',
    tc: '檔案引用了上傳內容以外的路徑，已拒絕',
    en: 'The file refers to paths outside the upload',
  },
  zip_symlink: {
    zh: '压缩包中含有符号链接，已拒绝处理',
    tc: '壓縮檔中含有符號連結，已拒絕處理',
    en: 'The archive contains symbolic links',
  },
  too_many_pixels: {
    zh: '图片像素过多（超过 4000 万像素），请缩小后再上传',
    tc: '圖片像素過多（超過 4000 萬像素），請縮小後再上傳',
    en: 'The image has more than 40 megapixels; scale it down and upload again',
  },
  truncated: {
    zh: '文件不完整（可能上传中断或已损坏）',
    tc: '檔案不完整（可能上傳中斷或已損壞）',
    en: 'The file is incomplete (the upload was cut or the file is damaged)',
  },
  unsupported_format: {
    zh: '不支持此文件格式。可上传的模型格式：glTF/GLB、FBX、OBJ（连同 MTL 与贴图）、3DS、DAE（Collada）、STL、PLY，或将模型与其文件打包为 zip',
    tc: '不支援此檔案格式。可上傳的模型格式：glTF/GLB、FBX、OBJ（連同 MTL 與貼圖）、3DS、DAE（Collada）、STL、PLY，或將模型與其檔案打包為 zip',
    en: 'Unsupported format. Accepted model formats: glTF/GLB, FBX, OBJ (with its MTL and textures), 3DS, DAE (Collada), STL, PLY, or a zip of the model with its files',
  },
  max_unsupported: {
    zh: '无法读取 3ds Max 原生 .max 文件。请在 3ds Max 中选择“文件 › 导出 › 导出”，保存类型选“Autodesk (*.FBX)”（勾选“嵌入的媒体”以带上贴图，角色请勾选“动画”和“蒙皮”），或用“文件 › 导出 › glTF”导出 .glb，然后上传该文件',
    tc: '無法讀取 3ds Max 原生 .max 檔案。請在 3ds Max 中選擇「檔案 › 匯出 › 匯出」，存檔類型選「Autodesk (*.FBX)」（勾選「嵌入媒體」以帶上貼圖，角色請勾選「動畫」和「蒙皮」），或用「檔案 › 匯出 › glTF」匯出 .glb，然後上傳該檔案',
    en: 'Native 3ds Max .max files cannot be read. In 3ds Max choose File › Export › Export, save as "Autodesk (*.FBX)" (tick "Embed Media" to include textures, and "Animation" and "Skins" for characters), or use File › Export › glTF to save a .glb, then upload that file',
  },
  invalid_model: {
    zh: '无法读取此模型：文件已损坏或是不支持的变体，请从建模软件重新导出',
    tc: '無法讀取此模型：檔案已損壞或是不支援的變體，請從建模軟體重新匯出',
    en: 'The model cannot be read: the file is damaged or an unsupported variant; export it again from your 3D tool',
  },
  no_geometry: {
    zh: '模型中没有可显示的面（只有线、点、相机或灯光）',
    tc: '模型中沒有可顯示的面（只有線、點、相機或燈光）',
    en: 'The model has no faces to show (only lines, points, cameras or lights)',
  },
  no_model_in_archive: {
    zh: '压缩包中没有可识别的模型文件。可用格式：glTF/GLB、FBX、OBJ、3DS、DAE（Collada）、STL、PLY',
    tc: '壓縮檔中沒有可識別的模型檔案。可用格式：glTF/GLB、FBX、OBJ、3DS、DAE（Collada）、STL、PLY',
    en: 'The archive contains no model of an accepted format: glTF/GLB, FBX, OBJ, 3DS, DAE (Collada), STL, PLY',
  },
  missing_files: {
    zh: '模型引用的以下文件不在上传内容中：{files}。请把模型文件与这些文件一起选中上传（或上传整个文件夹），也可以将整个文件夹打包为 zip 后上传',
    tc: '模型引用的以下檔案不在上傳內容中：{files}。請把模型檔案與這些檔案一起選取上傳（或上傳整個資料夾），也可以將整個資料夾打包為 zip 後上傳',
    en: 'The model refers to files that were not uploaded: {files}. Upload the model together with these files (or its whole folder), or upload a zip of the folder',
  },
  validation_failed: {
    zh: '优化后的模型未通过 glTF 校验，请从建模软件重新导出后再试',
    tc: '優化後的模型未通過 glTF 校驗，請從建模軟體重新匯出後再試',
    en: 'The optimized model failed glTF validation; export it again from your 3D tool and retry',
  },
  out_of_memory: {
    zh: '模型过大，处理时超出内存上限，请减少面数或贴图尺寸后再上传',
    tc: '模型過大，處理時超出記憶體上限，請減少面數或貼圖尺寸後再上傳',
    en: 'The model is too large to process; reduce its triangles or texture sizes and upload again',
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
  avatar_too_many_triangles: {
    zh: `形象模型的三角面过多：最多 ${AVATAR_BUDGET.triangles.toLocaleString('en')} 个`,
    tc: `形象模型的三角面過多：最多 ${AVATAR_BUDGET.triangles.toLocaleString('en')} 個`,
    en: `The avatar has too many triangles: at most ${AVATAR_BUDGET.triangles.toLocaleString('en')}`,
  },
  avatar_too_many_textures: {
    zh: `形象模型的贴图过多：最多 ${AVATAR_BUDGET.textures} 张`,
    tc: `形象模型的貼圖過多：最多 ${AVATAR_BUDGET.textures} 張`,
    en: `The avatar has too many textures: at most ${AVATAR_BUDGET.textures}`,
  },
  avatar_texture_too_large: {
    zh: `形象模型的贴图过大：每张最长边不超过 ${AVATAR_BUDGET.textureSize} 像素`,
    tc: `形象模型的貼圖過大：每張最長邊不超過 ${AVATAR_BUDGET.textureSize} 像素`,
    en: `An avatar texture is too large: at most ${AVATAR_BUDGET.textureSize} pixels on its longest side`,
  },
  avatar_too_many_bones: {
    zh: `形象模型的骨骼过多：最多 ${AVATAR_BUDGET.bones} 根`,
    tc: `形象模型的骨骼過多：最多 ${AVATAR_BUDGET.bones} 根`,
    en: `The avatar has too many bones: at most ${AVATAR_BUDGET.bones}`,
  },
};

/** The figure an avatar budget refusal found, in words (appended to its message): "found 85,312". */
export function avatarBudgetFigure(value: number, lang: Lang): string {
  const n = value.toLocaleString('en');
  return lang === 'en' ? `(found ${n})` : lang === 'zh' ? `（实际 ${n}）` : `（實際 ${n}）`;
}

/** What a failure is about beyond its reason (stored with the failed job): the files `missing_files` names. */
export interface JobFailureFacts {
  files?: string[];
}

/** Reads the facts out of a failed job's stored result (anything else reads as none). */
export function jobFailureFacts(result: unknown): JobFailureFacts {
  const files = (result as { files?: unknown } | null | undefined)?.files;
  return Array.isArray(files) ? { files: files.filter((f): f is string => typeof f === 'string') } : {};
}

/**
 * The translated message of a failure reason (an unknown reason reads as `processing_failed`), with the files it is
 * about in place of `{files}` ("…" when none were recorded).
 */
export function jobFailureMessage(reason: string, lang: Lang, facts: JobFailureFacts = {}): string {
  const files = facts.files?.length ? facts.files.map((f) => `“${f}”`).join(lang === 'en' ? ', ' : '、') : '…';
  return messages[isJobFailureReason(reason) ? reason : 'processing_failed'][lang].replace('{files}', files);
}
