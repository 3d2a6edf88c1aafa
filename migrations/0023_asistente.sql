-- The help assistant's full-text index over the help texts (FAQ and each screen's help) in
-- Spanish, English and Portuguese: an external-content FTS5 table kept in step with
-- textos_ayuda by triggers. Owned by the assistant domain (a virtual table: not listed in a
-- TABLES constant, which names ordinary tables).
CREATE VIRTUAL TABLE ayuda_fts USING fts5 (
    titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues,
    content = 'textos_ayuda', content_rowid = 'id_traduccion',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER ayuda_fts_insert AFTER INSERT ON textos_ayuda BEGIN
    INSERT INTO ayuda_fts (rowid, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues)
    VALUES (new.id_traduccion, new.titulo, new.contenido, new.titulo_ingles, new.contenido_ingles, new.titulo_portugues, new.contenido_portugues);
END;

CREATE TRIGGER ayuda_fts_delete AFTER DELETE ON textos_ayuda BEGIN
    INSERT INTO ayuda_fts (ayuda_fts, rowid, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues)
    VALUES ('delete', old.id_traduccion, old.titulo, old.contenido, old.titulo_ingles, old.contenido_ingles, old.titulo_portugues, old.contenido_portugues);
END;

CREATE TRIGGER ayuda_fts_update AFTER UPDATE ON textos_ayuda BEGIN
    INSERT INTO ayuda_fts (ayuda_fts, rowid, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues)
    VALUES ('delete', old.id_traduccion, old.titulo, old.contenido, old.titulo_ingles, old.contenido_ingles, old.titulo_portugues, old.contenido_portugues);
    INSERT INTO ayuda_fts (rowid, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues)
    VALUES (new.id_traduccion, new.titulo, new.contenido, new.titulo_ingles, new.contenido_ingles, new.titulo_portugues, new.contenido_portugues);
END;

-- More questions people ask, answered by the assistant and listed in Ayuda.
INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (64, 'faq.descargar_dc3', '¿Cómo descargo mi constancia DC-3?',
     'Abre Mis constancias desde el menú. Cada curso presencial que acreditaste muestra su DC-3 cuando la empresa tiene completos sus datos ante la STPS; pulsa DC-3 para abrirla en PDF o selecciona varias para descargarlas juntas.',
     'How do I download my DC-3 certificate?',
     'Open My certificates from the menu. Each in-person course you passed shows its DC-3 once the company''s STPS data is complete; press DC-3 to open it as a PDF or select several to download them together.',
     'Como baixo minha constância DC-3?',
     'Abra Minhas constâncias no menu. Cada curso presencial em que você foi aprovado mostra sua DC-3 quando os dados da empresa na STPS estão completos; pressione DC-3 para abri-la em PDF ou selecione várias para baixá-las juntas.'),
    (65, 'faq.inscribirme', '¿Cómo me inscribo a un curso?',
     'En Consultar plan de capacitación, cada tema pendiente muestra los cursos programados a los que puedes inscribirte. Si el curso pide autorización, tu solicitud la revisa primero tu coordinador y después Capital Humano; recibirás una notificación con la respuesta.',
     'How do I enrol in a course?',
     'In Training plan, each pending topic shows the scheduled courses you can enrol in. If the course needs approval, your request is reviewed first by your coordinator and then by Human Resources; you will get a notification with the answer.',
     'Como me inscrevo em um curso?',
     'Em Consultar plano de capacitação, cada tema pendente mostra os cursos programados em que você pode se inscrever. Se o curso exigir autorização, sua solicitação é revisada primeiro pelo coordenador e depois por Recursos Humanos; você receberá uma notificação com a resposta.'),
    (66, 'faq.examen', '¿Cómo presento un examen?',
     'Cuando el instructor activa el examen de tu curso, en tu plan aparece el botón Presentar examen. Contesta cada pregunta (Siguiente se habilita al responder) y al final pulsa Enviar respuestas; verás si acreditaste y cuántos intentos te quedan.',
     'How do I take an exam?',
     'When the instructor activates your course''s exam, the Take exam button appears in your plan. Answer each question (Next is enabled once you answer) and finally press Send answers; you will see whether you passed and how many attempts you have left.',
     'Como faço uma prova?',
     'Quando o instrutor ativa a prova do seu curso, o botão Fazer prova aparece no seu plano. Responda cada pergunta (Próximo é habilitado ao responder) e no final pressione Enviar respostas; você verá se foi aprovado e quantas tentativas restam.'),
    (67, 'faq.vencido', '¿Qué significa que un tema esté vencido?',
     'Algunos temas tienen vigencia (por ejemplo, 12 meses). Cuando la vigencia de tu acreditación termina, el tema vuelve a quedar pendiente en tu plan como Vencido y debes tomar el curso de nuevo; te avisamos antes de que venza.',
     'What does it mean that a topic expired?',
     'Some topics have a validity (for example, 12 months). When your accreditation''s validity ends, the topic becomes pending again in your plan as Expired and you must take the course again; you are warned before it expires.',
     'O que significa um tema vencido?',
     'Alguns temas têm validade (por exemplo, 12 meses). Quando a validade da sua acreditação termina, o tema volta a ficar pendente no seu plano como Vencido e você deve fazer o curso novamente; avisamos antes do vencimento.'),
    (68, 'faq.encuesta', '¿Dónde contesto la encuesta del curso?',
     'Al terminar un curso, tu plan muestra el botón Encuesta en ese tema. Contéstala para calificar el curso y al instructor; algunas constancias se liberan hasta que la contestas.',
     'Where do I answer the course survey?',
     'When a course ends, your plan shows the Survey button on that topic. Answer it to rate the course and the instructor; some certificates are released only after you answer it.',
     'Onde respondo a pesquisa do curso?',
     'Ao terminar um curso, seu plano mostra o botão Pesquisa nesse tema. Responda-a para avaliar o curso e o instrutor; algumas constâncias são liberadas somente depois que você responde.'),
    (69, 'faq.verificar_constancia', '¿Cómo verifico que una constancia es auténtica?',
     'Cada constancia DC-3 y de curso lleva un código de verificación. Cualquier persona puede escribirlo en la página Verificar constancia (enlace en el pie de la constancia) para ver a quién y por qué curso se emitió.',
     'How do I check that a certificate is genuine?',
     'Every DC-3 and course certificate carries a verification code. Anyone can type it on the Verify certificate page (linked at the foot of the certificate) to see whom and for which course it was issued.',
     'Como verifico se uma constância é autêntica?',
     'Cada constância DC-3 e de curso traz um código de verificação. Qualquer pessoa pode digitá-lo na página Verificar constância (link no rodapé da constância) para ver a quem e por qual curso foi emitida.'),
    (70, 'faq.proveedor_certificaciones', '¿Cómo cargo las certificaciones de mi personal como proveedor?',
     'En Certificaciones externas pulsa Cargar certificaciones: registra una por trabajador (CURP, tema, fecha de acreditación y la DC-3 en PDF) o muchas con la plantilla de Excel. Capital Humano autoriza cada registro o lo rechaza con un motivo.',
     'How do I upload my staff''s certifications as a supplier?',
     'In External certifications press Load certifications: record one per worker (CURP, topic, accreditation date and the DC-3 as a PDF) or many with the Excel template. Human Resources authorises each record or rejects it with a reason.',
     'Como carrego as certificações do meu pessoal como fornecedor?',
     'Em Certificações externas pressione Carregar certificações: registre uma por trabalhador (CURP, tema, data de acreditação e a DC-3 em PDF) ou muitas com o modelo de Excel. Recursos Humanos autoriza cada registro ou o rejeita com um motivo.'),
    (71, 'faq.tareas', '¿Cómo uso la lista de tareas del dashboard?',
     'En la tarjeta Tareas agrega una tarea con título, descripción y fecha límite (un mes por omisión). Márcala como hecha o pendiente, edítala o elimínala. Los supervisores pueden asignar tareas a su equipo; la persona recibe una notificación.',
     'How do I use the dashboard''s task list?',
     'In the Tasks card add a task with a title, description and due date (one month ahead by default). Mark it done or pending, edit or delete it. Supervisors can assign tasks to their team; the person gets a notification.',
     'Como uso a lista de tarefas do dashboard?',
     'No cartão Tarefas adicione uma tarefa com título, descrição e data limite (um mês por padrão). Marque-a como feita ou pendente, edite-a ou exclua-a. Os supervisores podem atribuir tarefas à sua equipe; a pessoa recebe uma notificação.');

-- Index the help texts written before this migration.
INSERT INTO ayuda_fts (ayuda_fts) VALUES ('rebuild');
