export {
  followSession,
  getRealtimeStatus,
  onRealtime,
  realtimeCall,
  resetRealtime,
  retryDelay,
  setSocketFactory,
  startRealtime,
  stopRealtime,
  type RealtimeStatus,
  type SocketFactory,
  type SocketLike,
  type SocketOptions,
} from './connection';
export { ACK_TIMEOUT_MS, RealtimeError, RealtimeTimeoutError, emitWithAck, type CallAck, type CallName, type CallPayload } from './call';
export { useRealtimeConnection, useRealtimeEvent, useRealtimeStatus } from './use-realtime';
export * from './types';
