/** The player's texts in the product's three languages; Spanish is the default. */

export type Language = 'es' | 'en' | 'pt';

export interface Texts {
  loading: string;
  attempt: (n: number) => string;
  review: string;
  score: (value: string) => string;
  accredited: string;
  contents: string;
  showContents: string;
  hideContents: string;
  progress: (done: number, total: number) => string;
  folder: string;
  status: Record<StatusKind, string>;
  invalidLink: string;
  launchFailed: string;
  closeHint: string;
  noItems: string;
  saveFailed: string;
  saveRetry: string;
  saved: string;
  finishedSingle: string;
  finishedMulti: string;
  next: (title: string) => string;
  exited: string;
  loadingItem: string;
}

/** What a status icon shows: a package's many status words fold into these. */
export type StatusKind = 'passed' | 'completed' | 'failed' | 'incomplete' | 'browsed' | 'notAttempted';

const es: Texts = {
  loading: 'Cargando el curso…',
  attempt: (n) => `Intento ${n}`,
  review: 'Modo revisión: su avance ya no se registra',
  score: (value) => `Calificación ${value}`,
  accredited: 'Acreditado',
  contents: 'Contenido del curso',
  showContents: 'Mostrar contenido',
  hideContents: 'Ocultar contenido',
  progress: (done, total) => `${done} de ${total} terminados`,
  folder: 'Sección',
  status: {
    passed: 'Aprobado',
    completed: 'Completado',
    failed: 'No aprobado',
    incomplete: 'En curso',
    browsed: 'Revisado',
    notAttempted: 'Sin iniciar',
  },
  invalidLink: 'El enlace del curso no es válido.',
  launchFailed: 'No se pudo abrir el curso. Revise su conexión.',
  closeHint: 'Cierre esta ventana y vuelva a abrir el curso desde su plan de capacitación.',
  noItems: 'El paquete no tiene contenido que se pueda abrir.',
  saveFailed: 'No se pudo guardar su avance.',
  saveRetry: 'No hay conexión con el servidor; su avance se enviará de nuevo en unos segundos.',
  saved: 'Avance guardado',
  finishedSingle: 'Terminó la sesión del curso. Ya puede cerrar esta ventana.',
  finishedMulti: 'Terminó este tema. Elija otro en el contenido o cierre la ventana.',
  next: (title) => `Siguiente: ${title}`,
  exited: 'Salió del curso. Ya puede cerrar esta ventana.',
  loadingItem: 'Abriendo el tema…',
};

const en: Texts = {
  loading: 'Loading the course…',
  attempt: (n) => `Attempt ${n}`,
  review: 'Review mode: your progress is no longer recorded',
  score: (value) => `Score ${value}`,
  accredited: 'Accredited',
  contents: 'Course contents',
  showContents: 'Show contents',
  hideContents: 'Hide contents',
  progress: (done, total) => `${done} of ${total} finished`,
  folder: 'Section',
  status: {
    passed: 'Passed',
    completed: 'Completed',
    failed: 'Failed',
    incomplete: 'In progress',
    browsed: 'Browsed',
    notAttempted: 'Not started',
  },
  invalidLink: 'The course link is not valid.',
  launchFailed: 'The course could not be opened. Check your connection.',
  closeHint: 'Close this window and open the course again from your training plan.',
  noItems: 'The package has no content that can be opened.',
  saveFailed: 'Your progress could not be saved.',
  saveRetry: 'No connection to the server; your progress will be sent again in a few seconds.',
  saved: 'Progress saved',
  finishedSingle: 'The course session has ended. You can close this window now.',
  finishedMulti: 'This topic has ended. Choose another one in the contents or close the window.',
  next: (title) => `Next: ${title}`,
  exited: 'You left the course. You can close this window now.',
  loadingItem: 'Opening the topic…',
};

const pt: Texts = {
  loading: 'Carregando o curso…',
  attempt: (n) => `Tentativa ${n}`,
  review: 'Modo revisão: seu progresso não é mais registrado',
  score: (value) => `Nota ${value}`,
  accredited: 'Credenciado',
  contents: 'Conteúdo do curso',
  showContents: 'Mostrar conteúdo',
  hideContents: 'Ocultar conteúdo',
  progress: (done, total) => `${done} de ${total} concluídos`,
  folder: 'Seção',
  status: {
    passed: 'Aprovado',
    completed: 'Concluído',
    failed: 'Reprovado',
    incomplete: 'Em andamento',
    browsed: 'Revisado',
    notAttempted: 'Não iniciado',
  },
  invalidLink: 'O link do curso não é válido.',
  launchFailed: 'Não foi possível abrir o curso. Verifique sua conexão.',
  closeHint: 'Feche esta janela e abra o curso novamente a partir do seu plano de capacitação.',
  noItems: 'O pacote não tem conteúdo que possa ser aberto.',
  saveFailed: 'Não foi possível salvar seu progresso.',
  saveRetry: 'Sem conexão com o servidor; seu progresso será enviado novamente em alguns segundos.',
  saved: 'Progresso salvo',
  finishedSingle: 'A sessão do curso terminou. Você já pode fechar esta janela.',
  finishedMulti: 'Este tema terminou. Escolha outro no conteúdo ou feche a janela.',
  next: (title) => `Próximo: ${title}`,
  exited: 'Você saiu do curso. Já pode fechar esta janela.',
  loadingItem: 'Abrindo o tema…',
};

const ALL: Record<Language, Texts> = { es, en, pt };

/** The language for a BCP 47 tag such as `navigator.language`: English or Portuguese when asked, else Spanish. */
export function pickLanguage(tag: string | undefined | null): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'en' || primary === 'pt' ? primary : 'es';
}

/** The texts of a language. */
export function textsFor(language: Language): Texts {
  return ALL[language];
}

/** Every language's texts (the tests check they are complete). */
export const ALL_TEXTS: Readonly<Record<Language, Texts>> = ALL;
