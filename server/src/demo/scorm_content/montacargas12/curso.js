/* Operación segura de montacargas: a SCORM 1.2 lesson with a three-question quiz. */
(function () {
  "use strict";

  var TOTAL = 4;
  var CLAVES = { p1: "b", p2: "c", p3: "a" };
  var DOMINIO_POR_DEFECTO = 80;

  var api = buscarApi();
  var iniciado = false;
  var terminado = false;
  var pantalla = 1;
  var respuestas = {};
  var calificacion = null;
  var inicioSesion = new Date();

  /* The LMS's API object: this window or one of its parents (or the opener's chain). */
  function buscarEn(ventana) {
    var intentos = 0;
    while (ventana && intentos < 10) {
      try {
        if (ventana.API) {
          return ventana.API;
        }
      } catch (e) {
        return null;
      }
      if (!ventana.parent || ventana.parent === ventana) {
        return null;
      }
      ventana = ventana.parent;
      intentos += 1;
    }
    return null;
  }

  function buscarApi() {
    var encontrada = buscarEn(window);
    if (!encontrada && window.opener) {
      encontrada = buscarEn(window.opener);
    }
    return encontrada;
  }

  function leer(elemento) {
    if (!iniciado) {
      return "";
    }
    var valor = api.LMSGetValue(elemento);
    return valor === null || valor === undefined ? "" : String(valor);
  }

  function escribir(elemento, valor) {
    if (iniciado && !terminado) {
      api.LMSSetValue(elemento, String(valor));
    }
  }

  function confirmar() {
    if (iniciado && !terminado) {
      api.LMSCommit("");
    }
  }

  function dos(n) {
    return (n < 10 ? "0" : "") + n;
  }

  /* CMITimespan: HHHH:MM:SS.SS */
  function duracion(ms) {
    var segundos = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(segundos / 3600);
    var m = Math.floor((segundos % 3600) / 60);
    var s = segundos % 60;
    var hh = String(h);
    while (hh.length < 4) {
      hh = "0" + hh;
    }
    return hh + ":" + dos(m) + ":" + dos(s) + ".00";
  }

  function guardarAvance() {
    escribir("cmi.core.lesson_location", "pantalla-" + pantalla);
    escribir("cmi.suspend_data", JSON.stringify({ pantalla: pantalla, respuestas: respuestas }));
    confirmar();
  }

  function mostrar(numero, enfocar) {
    pantalla = Math.min(Math.max(numero, 1), TOTAL);
    for (var i = 1; i <= TOTAL; i += 1) {
      document.getElementById("pantalla-" + i).hidden = i !== pantalla;
    }
    document.getElementById("avance").textContent = "Pantalla " + pantalla + " de " + TOTAL;
    document.getElementById("anterior").disabled = pantalla === 1;
    document.getElementById("siguiente").disabled = pantalla === TOTAL;
    if (enfocar) {
      document.getElementById("titulo-" + pantalla).focus();
    }
  }

  function cambiar(delta) {
    mostrar(pantalla + delta, true);
    guardarAvance();
  }

  function restaurarRespuestas() {
    Object.keys(respuestas).forEach(function (pregunta) {
      var opcion = document.querySelector(
        'input[name="' + pregunta + '"][value="' + respuestas[pregunta] + '"]'
      );
      if (opcion) {
        opcion.checked = true;
      }
    });
  }

  function dominio() {
    var valor = parseFloat(leer("cmi.student_data.mastery_score"));
    return isNaN(valor) ? DOMINIO_POR_DEFECTO : valor;
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
      : "No aprobado. Repasa las pantallas anteriores e inténtalo de nuevo.";
    caja.appendChild(linea);
    caja.appendChild(estado);
  }

  function enviar(evento) {
    evento.preventDefault();
    var error = document.getElementById("error-evaluacion");
    var aciertos = 0;
    var faltan = [];
    Object.keys(CLAVES).forEach(function (pregunta, i) {
      var elegida = document.querySelector('input[name="' + pregunta + '"]:checked');
      if (!elegida) {
        faltan.push(i + 1);
        return;
      }
      respuestas[pregunta] = elegida.value;
      if (elegida.value === CLAVES[pregunta]) {
        aciertos += 1;
      }
    });
    if (faltan.length > 0) {
      error.textContent = "Falta contestar la pregunta " + faltan.join(", ") + ".";
      return;
    }
    error.textContent = "";
    calificacion = Math.round((aciertos * 100) / 3);
    var aprobado = calificacion >= dominio();
    escribir("cmi.core.score.raw", calificacion);
    escribir("cmi.core.score.min", 0);
    escribir("cmi.core.score.max", 100);
    escribir("cmi.core.lesson_status", aprobado ? "passed" : "failed");
    guardarAvance();
    mostrarResultado(calificacion, aprobado);
  }

  function finalizar() {
    if (!iniciado || terminado) {
      return;
    }
    var estado = leer("cmi.core.lesson_status");
    escribir("cmi.core.exit", estado === "passed" || estado === "failed" ? "" : "suspend");
    escribir("cmi.core.session_time", duracion(new Date() - inicioSesion));
    guardarAvance();
    api.LMSFinish("");
    terminado = true;
  }

  function terminar() {
    finalizar();
    document.getElementById("despedida").textContent = "Curso terminado. Ya puedes cerrar esta ventana.";
    ["anterior", "siguiente", "terminar", "enviar"].forEach(function (id) {
      document.getElementById(id).disabled = true;
    });
  }

  function iniciar() {
    if (api && String(api.LMSInitialize("")) === "true") {
      iniciado = true;
    } else {
      document.getElementById("aviso-sin-plataforma").hidden = false;
    }
    if (iniciado) {
      if (leer("cmi.core.lesson_status") === "not attempted" || leer("cmi.core.lesson_status") === "") {
        escribir("cmi.core.lesson_status", "incomplete");
      }
      try {
        var guardado = JSON.parse(leer("cmi.suspend_data") || "{}");
        if (guardado && typeof guardado.respuestas === "object" && guardado.respuestas) {
          respuestas = guardado.respuestas;
        }
      } catch (e) {
        respuestas = {};
      }
      var ubicacion = /^pantalla-(\d+)$/.exec(leer("cmi.core.lesson_location"));
      if (ubicacion) {
        pantalla = parseInt(ubicacion[1], 10);
      }
      var nota = parseFloat(leer("cmi.core.score.raw"));
      var estado = leer("cmi.core.lesson_status");
      if (!isNaN(nota) && (estado === "passed" || estado === "failed")) {
        mostrarResultado(nota, estado === "passed");
      }
    }
    restaurarRespuestas();
    mostrar(pantalla, false);
    document.getElementById("anterior").addEventListener("click", function () {
      cambiar(-1);
    });
    document.getElementById("siguiente").addEventListener("click", function () {
      cambiar(1);
    });
    document.getElementById("evaluacion").addEventListener("submit", enviar);
    document.getElementById("terminar").addEventListener("click", terminar);
    window.addEventListener("pagehide", finalizar);
    window.addEventListener("beforeunload", finalizar);
    guardarAvance();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", iniciar);
  } else {
    iniciar();
  }
})();
