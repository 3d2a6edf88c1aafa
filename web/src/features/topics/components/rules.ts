// The limits of a topic's texts, as the server publishes them (src/lib/api/limits.ts,
// generated from its OpenAPI document), so the client says no before a round trip.
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';

const TOPIC = LIMITS.TemaForm;
const ACTIVITY = LIMITS.Actividad;
const GROUP = LIMITS.GrupoForm;

/** The allowed characters of a catalogue name: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = publishedPattern(GROUP.nombre.pattern);
export const TOPIC_NAME_MAX = TOPIC.nombre_tema.maxLength;
export const TOPIC_DESCRIPTION_MAX = TOPIC.descripcion.maxLength;
export const ABBREVIATION_MAX = TOPIC.abreviatura.maxLength;
export const AUTHOR_MAX = TOPIC.autor.maxLength;
export const CATEGORY_MAX = TOPIC.categoria.maxLength;
export const TAG_MAX = TOPIC.etiquetas.items.maxLength;
export const TAGS_MAX = TOPIC.etiquetas.maxItems;
export const GROUP_NAME_MAX = GROUP.nombre.maxLength;
export const GROUP_DESCRIPTION_MAX = GROUP.descripcion.maxLength;
export const TITLE_MAX = ACTIVITY.titulo.maxLength;
export const ACTIVITY_DESCRIPTION_MAX = ACTIVITY.descripcion.maxLength;
/** The text-answer limit of an activity: the server's range, 1000 to start with. */
export const CHAR_LIMIT = {
  min: ACTIVITY.limite_caracteres.minimum,
  max: ACTIVITY.limite_caracteres.maximum,
  initial: 1000,
} as const;
export const QUESTION_MAX = LIMITS.PreguntaForm.pregunta.maxLength;
export const ANSWER_MAX = LIMITS.Respuesta.texto.maxLength;
export const MAX_OPTIONS = LIMITS.PreguntaForm.respuestas.maxItems;
