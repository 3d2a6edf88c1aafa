/* NOM-035 lesson (SCORM 2004 SCO 1): three screens; completed on reaching the last one. */
(function () {
  "use strict";

  var TOTAL = 3;
  var scorm = window.Scorm2004;
  var pantalla = 1;
  var vistas = {};

  function guardarAvance() {
    scorm.escribir("cmi.location", "pantalla-" + pantalla);
    scorm.escribir("cmi.suspend_data", JSON.stringify({ pantalla: pantalla, vistas: Object.keys(vistas) }));
    if (pantalla === TOTAL) {
      scorm.escribir("cmi.completion_status", "completed");
    }
    scorm.escribir("cmi.progress_measure", (Object.keys(vistas).length / TOTAL).toFixed(2));
    scorm.confirmar();
  }

  function mostrar(numero, enfocar) {
    pantalla = Math.min(Math.max(numero, 1), TOTAL);
    vistas[pantalla] = true;
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

  function finalizar() {
    var completa = scorm.leer("cmi.completion_status") === "completed";
    scorm.terminar(completa ? "normal" : "suspend");
  }

  function terminar() {
    finalizar();
    document.getElementById("despedida").textContent = "Lección cerrada. Ya puedes cerrar esta ventana o pasar a la evaluación.";
    ["anterior", "siguiente", "terminar"].forEach(function (id) {
      document.getElementById(id).disabled = true;
    });
  }

  function iniciar() {
    if (scorm.iniciar()) {
      try {
        var guardado = JSON.parse(scorm.leer("cmi.suspend_data") || "{}");
        (guardado.vistas || []).forEach(function (v) {
          vistas[v] = true;
        });
      } catch (e) {
        vistas = {};
      }
      var ubicacion = /^pantalla-(\d+)$/.exec(scorm.leer("cmi.location"));
      if (ubicacion) {
        pantalla = parseInt(ubicacion[1], 10);
      }
      if (scorm.leer("cmi.completion_status") !== "completed") {
        scorm.escribir("cmi.completion_status", "incomplete");
      }
    } else {
      document.getElementById("aviso-sin-plataforma").hidden = false;
    }
    mostrar(pantalla, false);
    document.getElementById("anterior").addEventListener("click", function () {
      cambiar(-1);
    });
    document.getElementById("siguiente").addEventListener("click", function () {
      cambiar(1);
    });
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
