// Shapes and event maps of the realtime contract (docs/realtime.md). Entities carried by
// events live here because several features and the socket layer share them.

/** A participant as the chat names it. */
export interface ChatPerson {
  clave: number;
  nombre: string;
  foto?: string | null;
}

/** One chat message. `estatus` 1 unread, 2 read. */
export interface Mensaje {
  id: number;
  chat_id: number;
  empleado: { clave: number };
  para: number;
  type: 'text' | 'img';
  mensaje: string;
  /** Images only: signed address, valid one hour, only for the two participants. */
  url?: string | null;
  /** ISO 8601 UTC. */
  fecha: string;
  estatus: 1 | 2;
}

/** A conversation of the list. */
export interface Chat {
  id: number;
  empleado1: ChatPerson;
  empleado2: ChatPerson;
  ultimo_mensaje: {
    empleado: { clave: number };
    mensaje: string;
    type: 'text' | 'img';
    fecha: string;
    estatus: 1 | 2;
  } | null;
  /** My unread messages in it. */
  no_leidos: number;
  ultima_conexion?: string | null;
}

/** Online state of a chat partner. */
export interface Presence {
  clave: number;
  nombre?: string;
  state: 'online' | 'offline';
  last_changed?: string | null;
}

/** A notification. `estatus` 1 unread, 2 read. */
export interface Notificacion {
  idnotificacion: number;
  titulo: string;
  contenido: string;
  web?: number | string | boolean | null;
  mobile?: number | string | boolean | null;
  meeting?: string | null;
  fecha_hora?: string | null;
  fecha?: string | null;
  origen?: string | null;
  destino?: string | number | null;
  estatus: number | string;
  recurso?: string | null;
  recurso_id?: number | string | null;
  icono?: string | null;
  idsolicitud?: number | null;
  tipo?: string | null;
  solicitud?: unknown;
}

/** Server → client events. */
export interface ServerEvents {
  'session:ended': { code: string; resp?: string };
  'sessions:changed': Record<string, never>;
  'chat:message': Mensaje;
  'chat:read': { chat_id: number; lector: number; hasta: number; fecha?: string };
  'presence:changed': Presence;
  'notification:new': Notificacion;
  'notifications:changed': { pendientes: number };
  'import:progress': unknown;
  /** A SCORM package's processing after its upload (checked by the scorm feature). */
  'scorm:progress': unknown;
  /** A background export's progress, to its owner (checked by components/export-jobs). */
  'reporte:progreso': unknown;
  /**
   * What changed for the dashboard: one's own results, seats or tasks, or (for whoever follows
   * a team or the company) anything in one's scope, at most every few seconds.
   */
  'dashboard:cambio': { que: DashboardChange[] };
}

/** The parts of the dashboard a `dashboard:cambio` touches. */
export type DashboardChange = 'plan' | 'cursos' | 'tareas';

/** Every server event the connection forwards to subscribers. */
export const SERVER_EVENTS = [
  'session:ended',
  'sessions:changed',
  'chat:message',
  'chat:read',
  'presence:changed',
  'notification:new',
  'notifications:changed',
  'import:progress',
  'scorm:progress',
  'reporte:progreso',
  'dashboard:cambio',
] as const satisfies readonly (keyof ServerEvents)[];

/** Events the connection itself raises for subscribers. */
export interface LocalEvents {
  /** The socket (re)connected: caches should catch up on what they may have missed. */
  'realtime:connected': { reconnect: boolean };
}

export type RealtimeEvents = ServerEvents & LocalEvents;

/** Client → server calls, answered through the ack callback. */
export interface ClientCalls {
  'chat:list': { payload: void; ack: { chats: Chat[] } };
  'chat:history': { payload: { con: number; antes?: number }; ack: { mensajes: Mensaje[]; mas: boolean } };
  'chat:send': { payload: { para: number; mensaje: string }; ack: { mensaje: Mensaje } };
  'chat:open': { payload: { con: number }; ack: { leidos: number } };
  'presence:get': { payload: { claves: number[] }; ack: { presencia: Presence[] } };
}

/** The error half of every ack. */
export interface AckError {
  ok: false;
  error?: { code?: string; resp?: string };
}
