// The candidate's camera, kept on from one question to the next (issue 24): the recorder of each
// question takes the same stream; the apply page releases it once no question is left to record or
// the candidate leaves. No dependency, so the apply page imports it without the recorder's bundle.
let shared: MediaStream | null = null;

const live = (s: MediaStream | null): s is MediaStream => !!s && s.getVideoTracks().some((track) => track.readyState === 'live');

/** The stream already on, if any. */
export function currentCamera(): MediaStream | null {
  return live(shared) ? shared : null;
}

/** Turns the camera on (or answers the stream already on). */
export async function openCamera(): Promise<MediaStream> {
  if (live(shared)) return shared;
  shared = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'user', width: { ideal: 720 }, height: { ideal: 1280 } },
    audio: true,
  });
  return shared;
}

/** Turns the camera off. */
export function releaseCamera(): void {
  shared?.getTracks().forEach((track) => track.stop());
  shared = null;
}
