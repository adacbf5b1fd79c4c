#pragma once

#include "import/importer.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include <optional>

class QWidget;

namespace sense7 {

class Store;

/**
 * Runs imports for the studio: one file after the other, each with a progress dialog whose
 * Cancel button stops it (the data set then stays as it was). Runs on the GUI thread, which
 * owns the store; the importer parses on its own worker thread meanwhile.
 */
class ImportController
{
    Q_DECLARE_TR_FUNCTIONS(sense7::ImportController)

public:
    struct Outcome
    {
        QString file;
        std::optional<import::Summary> summary; // set when the file was imported
        QString error; // set when it was not
        bool cancelled = false;
    };

    explicit ImportController(QWidget *parent);

    QVector<Outcome> run(Store &store, const QStringList &files, const QString &participant = {});

    /** Whether \a files need the user to say whose conversations they are. */
    static bool needsParticipant(Store &store, const QStringList &files);
    /** Rich text describing the outcomes, for the summary dialog. */
    static QString report(const QVector<Outcome> &outcomes);

private:
    QWidget *m_parent;
};

} // namespace sense7
