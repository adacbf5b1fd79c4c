#include "importcontroller.h"

#include "error.h"
#include "store.h"

#include <QFileInfo>
#include <QProgressDialog>

namespace sense7 {

ImportController::ImportController(QWidget *parent)
    : m_parent(parent)
{ }

bool ImportController::needsParticipant(Store &store, const QStringList &files)
{
    if (store.participants().size() < 2)
        return false;
    // These formats say whose conversations they are; the others do not.
    static const QStringList ownParticipants {QStringLiteral("esconv"), QStringLiteral("bundle"),
                                              QStringLiteral("ratings-csv")};
    for (const QString &file : files) {
        try {
            if (!ownParticipants.contains(import::detectFormat(file)))
                return true;
        } catch (const Error &) {
            // The import itself will report the file.
        }
    }
    return false;
}

QVector<ImportController::Outcome> ImportController::run(Store &store, const QStringList &files,
                                                         const QString &participant)
{
    QVector<Outcome> outcomes;
    for (const QString &file : files) {
        Outcome outcome;
        outcome.file = QFileInfo(file).fileName();
        QProgressDialog progress(tr("Importing %1…").arg(outcome.file), tr("Cancel"), 0, 1000,
                                 m_parent);
        progress.setWindowTitle(tr("Import"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        progress.setAutoReset(false);
        import::Importer importer(store);
        importer.setProgress([&](qint64 done, qint64 total) {
            progress.setValue(total > 0 ? int(qMin<qint64>(1000, done * 1000 / total)) : 0);
            if (progress.wasCanceled())
                importer.cancel();
        });
        import::Options options;
        options.participant = participant;
        try {
            outcome.summary = importer.importFile(file, options);
        } catch (const import::Cancelled &e) {
            outcome.cancelled = true;
            outcome.error = e.message();
        } catch (const Error &e) {
            outcome.error = e.message();
        }
        progress.setValue(1000);
        outcomes.append(outcome);
        if (outcome.cancelled)
            break; // a cancel stops the rest too
    }
    return outcomes;
}

QString ImportController::report(const QVector<Outcome> &outcomes)
{
    QString html;
    for (const Outcome &o : outcomes) {
        if (o.summary) {
            html += QStringLiteral("<p>✔ %1</p>").arg(o.summary->text().toHtmlEscaped());
            if (!o.summary->warnings.isEmpty()) {
                html += QStringLiteral("<ul>");
                for (const QString &w : o.summary->warnings.mid(0, 20))
                    html += QStringLiteral("<li>%1</li>").arg(w.toHtmlEscaped());
                if (o.summary->warnings.size() > 20)
                    html += QStringLiteral("<li>%1</li>")
                                .arg(tr("… and %1 more").arg(o.summary->warnings.size() - 20));
                html += QStringLiteral("</ul>");
            }
        } else {
            html += QStringLiteral("<p>✘ <b>%1</b>: %2</p>")
                        .arg(o.file.toHtmlEscaped(),
                             (o.cancelled ? o.error : tr("nothing was imported. %1").arg(o.error))
                                 .toHtmlEscaped());
        }
    }
    return html;
}

} // namespace sense7
