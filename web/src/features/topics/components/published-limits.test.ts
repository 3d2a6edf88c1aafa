import { describe, expect, it } from 'vitest';
import { expectMaxLength, issuesAt, published, t } from '@/test/published-limits';
import { activitySchema } from './activity-schema';
import { questionSchema } from './question-schema';
import { groupSchema } from './topic-group-schema';
import { topicSchema } from './topic-schema';

// The forms take the limits the server publishes; these fail when a form copies one by hand.
describe('topic forms follow the limits the server publishes', () => {
  const topic = topicSchema(t, true);

  it('topic name, abbreviation, description, author and category', () => {
    expectMaxLength(topic, {}, 'nombre_tema', published('TemaForm', 'nombre_tema').maxLength);
    expectMaxLength(topic, {}, 'abreviatura', published('TemaForm', 'abreviatura').maxLength);
    expectMaxLength(topic, {}, 'descripcion', published('TemaForm', 'descripcion').maxLength);
    expectMaxLength(topic, {}, 'autor', published('TemaForm', 'autor').maxLength);
    expectMaxLength(topic, {}, 'categoria', published('TemaForm', 'categoria').maxLength);
  });

  it('tags: their length and how many', () => {
    const rules = published('TemaForm', 'etiquetas');
    const max = rules.maxItems ?? 0;
    const tag = rules.items?.maxLength ?? 0;
    expect(issuesAt(topic, { etiquetas: Array.from({ length: max }, (_, i) => `t${i}`) }, 'etiquetas')).toEqual([]);
    expect(issuesAt(topic, { etiquetas: Array.from({ length: max + 1 }, (_, i) => `t${i}`) }, 'etiquetas')).not.toEqual([]);
    expect(issuesAt(topic, { etiquetas: ['a'.repeat(tag)] }, 'etiquetas')).toEqual([]);
    expect(issuesAt(topic, { etiquetas: ['a'.repeat(tag + 1)] }, 'etiquetas')).not.toEqual([]);
  });

  it('activity title and description', () => {
    const activity = activitySchema(t);
    expectMaxLength(activity, {}, 'titulo', published('Actividad', 'titulo').maxLength);
    expectMaxLength(activity, {}, 'descripcion', published('Actividad', 'descripcion').maxLength);
  });

  it('topic-group name: length and the published characters (no ":")', () => {
    const group = groupSchema(t);
    const rules = published('GrupoForm', 'nombre');
    expectMaxLength(group, {}, 'nombre', rules.maxLength);
    expectMaxLength(group, {}, 'descripcion', published('GrupoForm', 'descripcion').maxLength);
    const pattern = new RegExp(rules.pattern ?? '', 'u');
    for (const name of ['Seguridad #2 / 3°', 'Curso: básico', 'O\'Brien & Hijos, S.A.', 'a;b']) {
      expect(issuesAt(group, { nombre: name }, 'nombre').length === 0, name).toBe(pattern.test(name));
    }
    expect(issuesAt(group, { nombre: 'Curso: básico' }, 'nombre')).not.toEqual([]);
  });

  it('question and answer texts', () => {
    const question = questionSchema(t);
    expectMaxLength(question, { tipo: 'abierta' }, 'pregunta', published('PreguntaForm', 'pregunta').maxLength);
    const answer = published('Respuesta', 'texto').maxLength ?? 0;
    const answers = (text: string) => ({ tipo: 'unica', respuestas: [{ texto: text, correcta: true }, { texto: 'b', correcta: false }] });
    expect(issuesAt(question, answers('a'.repeat(answer)), 'respuestas')).toEqual([]);
    expect(issuesAt(question, answers('a'.repeat(answer + 1)), 'respuestas')).not.toEqual([]);
  });
});
