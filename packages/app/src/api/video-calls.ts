/** @module The video call routes (spec/calls.md §7; routes/video-calls.ts on the server). */
import {
  type EndVideoCallRequest,
  type RecordingStatusUpdate,
  type StartVideoCallRequest,
  StartVideoCallResponse,
  VideoCall,
  VideoCallDebug,
  type VideoEndReport,
  type VideoTranscriptUpdate,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';

const Nothing = { safeParse: (data: unknown) => ({ success: true as const, data }) };

/** POST /api/calls/video (initiateVideoCall): 402 no time left, 429 'Rate limited'. */
export function startVideoCall(api: ApiClient, body: StartVideoCallRequest): Promise<StartVideoCallResponse> {
  return api.request('/calls/video', StartVideoCallResponse, { method: 'POST', body });
}

export function endVideoCall(api: ApiClient, id: string, body: EndVideoCallRequest): Promise<VideoCall> {
  return api.request(`/calls/video/${id}/end`, VideoCall, { method: 'POST', body });
}

/** sendEndVideoCallReport: the page's view of the call, for the staff debug panel. */
export async function sendVideoReport(api: ApiClient, id: string, body: VideoEndReport): Promise<void> {
  await api.request(`/calls/video/${id}/report`, Nothing, { method: 'POST', body });
}

/** sendTranscriptUpdate (spec/calls.md §7): a line said in a provider's call (Tavus). */
export async function sendTranscriptUpdate(
  api: ApiClient,
  id: string,
  body: VideoTranscriptUpdate,
): Promise<void> {
  await api.request(`/calls/video/${id}/transcript`, Nothing, { method: 'POST', body });
}

export async function setRecordingStatus(
  api: ApiClient,
  id: string,
  body: RecordingStatusUpdate,
): Promise<void> {
  await api.request(`/calls/video/${id}/recording/status`, Nothing, { method: 'POST', body });
}

/** Uploads the call's recording (the local provider records in the browser). */
export function uploadRecording(
  api: ApiClient,
  id: string,
  recording: Blob,
  durationMs: number,
): Promise<VideoCall> {
  return api.request(`/calls/video/${id}/recording?durationMs=${Math.round(durationMs)}`, VideoCall, {
    method: 'PUT',
    blob: recording,
  });
}

export function getVideoCall(api: ApiClient, id: string): Promise<VideoCall> {
  return api.request(`/calls/video/${id}`, VideoCall);
}

/** The video call of a shared conversation (the video share page). */
export function getSharedVideoCall(api: ApiClient, shareId: string): Promise<VideoCall> {
  return api.request(`/shares/${encodeURIComponent(shareId)}/video`, VideoCall);
}

/** Staff: the video call debug panel. */
export function getVideoCallDebug(api: ApiClient, id: string): Promise<VideoCallDebug> {
  return api.request(`/calls/video/${id}/debug`, VideoCallDebug);
}
