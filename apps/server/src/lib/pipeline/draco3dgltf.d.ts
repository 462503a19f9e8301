/** Types for the part of npm `draco3dgltf` (Draco's glTF build, WebAssembly) the pipeline uses: the decoder module. */
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: Record<string, unknown>): Promise<unknown>;
    createEncoderModule(options?: Record<string, unknown>): Promise<unknown>;
  };
  export default draco3d;
}
