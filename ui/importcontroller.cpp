#include "importcontroller.h"

#include "error.h"
#include "store.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStandardPaths>

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

bool ImportController::mayConflict(const QStringList &files)
{
    static const QStringList merging {QStringLiteral("esconv"), QStringLiteral("bundle"),
                                      QStringLiteral("ratings-csv")};
    for (const QString &file : files) {
        try {
            if (merging.contains(import::detectFormat(file)))
                return true;
        } catch (const Error &) {
            // The import itself will report the file.
        }
    }
    return false;
}

QStringList ImportController::withoutAnnotator(const QStringList &files)
{
    QStringList names;
    for (const QString &file : files) {
        if (import::needsAnnotator(file))
            names << QFileInfo(file).fileName();
    }
    return names;
}

QVector<import::Conflict> ImportController::conflicts(const QVector<Outcome> &outcomes)
{
    QVector<import::Conflict> all;
    for (const Outcome &o : outcomes) {
        if (o.summary)
            all += o.summary->conflictList;
    }
    return all;
}

QMessageBox *ImportController::summaryBox(const QVector<Outcome> &outcomes, QWidget *parent)
{
    auto *box = new QMessageBox(QMessageBox::Information, tr("Import"), report(outcomes),
                                QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("importSummary"));
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    for (const auto &o : outcomes) {
        if (!o.summary)
            box->setIcon(QMessageBox::Warning);
    }
    const QVector<import::Conflict> found = conflicts(outcomes);
    if (found.isEmpty())
        return box;
    if (box->icon() == QMessageBox::Information)
        box->setIcon(QMessageBox::Warning);
    QPushButton *save = box->addButton(tr("Save Conflict Report…"), QMessageBox::ActionRole);
    save->setObjectName(QStringLiteral("saveConflictReport"));
    // The box closes on any button; the file dialog then asks where the report goes.
    QObject::connect(save, &QPushButton::clicked, parent, [found, parent] {
        auto *dialog =
            new QFileDialog(parent, tr("Save Conflict Report"),
                            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
                            tr("CSV (*.csv);;JSON (*.json)"));
        dialog->setObjectName(QStringLiteral("conflictReportDialog"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(QStringLiteral("csv"));
        dialog->selectFile(QStringLiteral("import-conflicts.csv"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(
            dialog, &QFileDialog::fileSelected, parent, [found, parent](const QString &path) {
                try {
                    import::writeConflictReport(path, found);
                } catch (const Error &e) {
                    QMessageBox::warning(parent, tr("Save Conflict Report"), e.message());
                }
            });
        dialog->open();
    });
    return box;
}

QVector<ImportController::Outcome> ImportController::run(Store &store, const QStringList &files,
                                                         const import::Options &base)
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
        importer.progress().setCallback([&](qint64 done, qint64 total) {
            // The dialog lets events through, inside the import's transaction: whatever they
            // would write (a live reply, a draft, a rating) waits or is refused meanwhile.
            const Store::HoldWrites hold(store);
            progress.setValue(total > 0 ? int(qMin<qint64>(1000, done * 1000 / total)) : 0);
            if (progress.wasCanceled())
                importer.progress().cancel();
        });
        const import::Options &options = base;
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
            if (o.summary->conflicts > 0)
                html += QStringLiteral("<p><b>%1</b></p>")
                            .arg((o.summary->onConflict == import::OnConflict::Replace
                                      ? tr("Conflicts with the data set: %1 (replaced with the "
                                           "file's values; the rating history keeps the old "
                                           "ones).")
                                      : tr("Conflicts with the data set: %1 (the data set's "
                                           "values were kept)."))
                                     .arg(o.summary->conflicts)
                                     .toHtmlEscaped());
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
