/* NOM-035 evaluation (SCORM 2004 SCO 2): three questions, score, success against the
   passing score, one interaction per answer. */
(function () {
  "use strict";

  var scorm = window.Scorm2004;
  var APROBATORIA_POR_DEFECTO = 0.8;
  var PREGUNTAS = [
    { nombre: "p1", id: "nom035-definicion", correcta: "b" },
    { nombre: "p2", id: "nom035-ejemplo", correcta: "a" },
    { nombre: "p3", id: "nom035-traumatico", correcta: "c" }
  ];

  function aprobatoria() {
    var valor = parseFloat(scorm.leer("cmi.scaled_passing_score"));
    return isNaN(valor) ? APROBATORIA_POR_DEFECTO : valor;
  }

  function mostrarResultado(nota, aprobado) {
    var caja = document.getElementById("resultado");
    caja.textContent = "";
    var linea = document.createElement("p");
    linea.textContent = "Calificación: " + nota;
    var estado = document.createElement("p");
    estado.className = aprobado ? "aprobado" : "reprobado";
    estado.textContent = aprobado
      ? "Aprobado. Ya puedes terminar el curso."
      : "No aprobado. Repasa la lección e inténtalo de nuevo.";
    caja.appendChild(linea);
    caja.appendChild(estado);
  }

  function enviar(evento) {
    evento.preventDefault();
    var error = document.getElementById("error-evaluacion");
    var elegidas = [];
    var faltan = [];
    PREGUNTAS.forEach(function (p, i) {
      var elegida = document.querySelector('input[name="' + p.nombre + '"]:checked');
      if (elegida) {
        elegidas.push(elegida.value);
      } else {
        faltan.push(i + 1);
      }
    });
    if (faltan.length > 0) {
      error.textContent = "Falta contestar la pregunta " + faltan.join(", ") + ".";
      return;
    }
    error.textContent = "";
    var aciertos = 0;
    var base = parseInt(scorm.leer("cmi.interactions._count"), 10) || 0;
    PREGUNTAS.forEach(function (p, i) {
      var correcta = elegidas[i] === p.correcta;
      if (correcta) {
        aciertos += 1;
      }
      var n = "cmi.interactions." + (base + i) + ".";
      scorm.escribir(n + "id", p.id);
      scorm.escribir(n + "type", "choice");
      scorm.escribir(n + "correct_responses.0.pattern", p.correcta);
      scorm.escribir(n + "learner_response", elegidas[i]);
      scorm.escribir(n + "result", correcta ? "correct" : "incorrect");
    });
    var escalada = aciertos / PREGUNTAS.length;
    var nota = Math.round(escalada * 100);
    var aprobado = escalada >= aprobatoria();
    scorm.escribir("cmi.score.scaled", escalada.toFixed(4));
    scorm.escribir("cmi.score.raw", nota);
    scorm.escribir("cmi.score.min", 0);
    scorm.escribir("cmi.score.max", 100);
    scorm.escribir("cmi.success_status", aprobado ? "passed" : "failed");
    scorm.escribir("cmi.completion_status", "completed");
    scorm.confirmar();
    mostrarResultado(nota, aprobado);
  }

  function finalizar() {
    scorm.terminar(scorm.leer("cmi.completion_status") === "completed" ? "normal" : "suspend");
  }

  function terminar() {
    finalizar();
    document.getElementById("despedida").textContent = "Evaluación cerrada. Ya puedes cerrar esta ventana.";
    ["enviar", "terminar"].forEach(function (id) {
      document.getElementById(id).disabled = true;
    });
  }

  function iniciar() {
    if (scorm.iniciar()) {
      if (scorm.leer("cmi.completion_status") !== "completed") {
        scorm.escribir("cmi.completion_status", "incomplete");
      }
      var nota = parseFloat(scorm.leer("cmi.score.raw"));
      var exito = scorm.leer("cmi.success_status");
      if (!isNaN(nota) && (exito === "passed" || exito === "failed")) {
        mostrarResultado(nota, exito === "passed");
      }
      scorm.confirmar();
    } else {
      document.getElementById("aviso-sin-plataforma").hidden = false;
    }
    document.getElementById("evaluacion").addEventListener("submit", enviar);
    document.getElementById("terminar").addEventListener("click", terminar);
    window.addEventListener("pagehide", finalizar);
    window.addEventListener("beforeunload", finalizar);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", iniciar);
  } else {
    iniciar();
  }
})();
