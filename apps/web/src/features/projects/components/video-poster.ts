/**
 * Takes the poster frame of a 360 video in the browser: loads the file into a video element, seeks to 1 s
 * (or the middle of shorter clips), draws the frame on a canvas and answers it as a JPEG file.
 */
export function videoPosterFrame(file: File, atSeconds = 1): Promise<File> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    const done = (fn: () => void) => {
      URL.revokeObjectURL(url);
      fn();
    };
    video.onerror = () => done(() => reject(new Error('video')));
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(atSeconds, (video.duration || 0) / 2);
    };
    video.onseeked = () => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d')?.drawImage(video, 0, 0);
      canvas.toBlob(
        (blob) =>
          done(() =>
            blob
              ? resolve(new File([blob], `${file.name.replace(/\.\w+$/, '')}-poster.jpg`, { type: 'image/jpeg' }))
              : reject(new Error('canvas')),
          ),
        'image/jpeg',
        0.85,
      );
    };
    video.src = url;
  });
}
