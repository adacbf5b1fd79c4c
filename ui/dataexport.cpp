#include "dataexport.h"

#include "settings.h"
#include "store.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStandardPaths>

namespace sense7 {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("sense7", text);
}
} // namespace

exporter::Summary exportWithProgress(QWidget *parent, const Store &store, exporter::Format format,
                                     const QString &path, const exporter::Options &options)
{
    QProgressDialog progress(QCoreApplication::translate("sense7", "Exporting…"),
                             QCoreApplication::translate("sense7", "Cancel"), 0, 100, parent);
    progress.setWindowTitle(QCoreApplication::translate("sense7", "Export"));
    progress.setMinimumDuration(300);
    progress.setWindowModality(Qt::WindowModal);
    QApplication::setOverrideCursor(Qt::BusyCursor);
    struct Restore
    {
        ~Restore() { QApplication::restoreOverrideCursor(); }
    } restore;
    return exporter::write(store, format, path, options, [&](qint64 done, qint64 total) {
        progress.setValue(int(100 * done / std::max<qint64>(1, total)));
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
}

bool exportDataInteractively(QWidget *parent, const Store &store, const browse::Filter &filter)
{
    Settings settings;
    QString folder = settings.exportFolder.get();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString csv = tr("Tidy CSV, one row per rating (*.csv)");
    const QString jsonl = tr("JSON Lines, one conversation a line (*.jsonl)");
    const QString bundle = tr("Sense-7 bundle (*.json)");
    QString chosen = csv;
    QString path = QFileDialog::getSaveFileName(
        parent, tr("Export Data"),
        QDir(folder).filePath(QFileInfo(store.path()).completeBaseName() + QStringLiteral(".csv")),
        QStringList {csv, jsonl, bundle}.join(QStringLiteral(";;")), &chosen);
    if (path.isEmpty())
        return false;
    settings.exportFolder.set(QFileInfo(path).absolutePath());
    exporter::Format format = exporter::Format::Csv;
    if (chosen == jsonl || path.endsWith(QLatin1String(".jsonl")))
        format = exporter::Format::Jsonl;
    else if (chosen == bundle || path.endsWith(QLatin1String(".json")))
        format = exporter::Format::Bundle;
    exporter::Options options;
    options.filter = filter;
    try {
        const exporter::Summary summary = exportWithProgress(parent, store, format, path, options);
        QMessageBox::information(parent, tr("Export Data"),
                                 tr("Wrote %1 conversations and %2 ratings to:\n%3")
                                     .arg(QLocale().toString(summary.conversations),
                                          QLocale().toString(summary.ratings),
                                          summary.files.join(QLatin1Char('\n'))));
        return true;
    } catch (const exporter::Cancelled &) {
        return false;
    } catch (const Error &e) {
        QMessageBox::warning(parent, tr("Export Data"), e.message());
        return false;
    }
}

} // namespace sense7
