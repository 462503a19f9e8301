/** Types for the parts of the Khronos glTF-Validator (npm `gltf-validator`) the pipeline uses. */
declare module 'gltf-validator' {
  export interface ValidatorMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  export interface ValidatorReport {
    issues?: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidatorMessage[] };
    info?: Record<string, unknown>;
  }
  export function validateBytes(
    data: Uint8Array,
    options?: { uri?: string; maxIssues?: number; externalResourceFunction?: (uri: string) => Promise<Uint8Array> },
  ): Promise<ValidatorReport>;
  export function version(): string;
}
